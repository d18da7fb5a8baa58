import { progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { sourceCatalogue } from '../sources/catalogue.ts';
import { readArticle } from '../sources/extract/article.ts';
import type { ArticleReader } from '../sources/extract/types.ts';

/**
 * Extraction speed (issue 31): article pages read per second on one core (this process's one
 * thread), over pages of 5-50 KB in the shapes of the government sites the sources read. The pages
 * are built from the real documents of the labelled set (api/processing/documents) set in the
 * structures of the real saved pages (api/sources/fixtures): TRS containers with their metas,
 * gov.cn's metadata table, a page chrome of navigation, styles and scripts; one in ten is in no
 * known container, so Readability reads it, as for a site that changed its layout.
 */
const section = 'sources-extract';
const pageCount = 10_000;
const warmup = 300;

interface Shape {
  name: string;
  reader: ArticleReader;
  build(title: string, date: string, number: string, body: string): string;
}

const readerOf = (code: string) => sourceCatalogue.find((source) => source.code === code)!.article;

const chrome = (inner: string, head: string) => `<!DOCTYPE html><html><head><meta charset="utf-8">${head}
<style>body{font-family:"宋体";margin:0}.nav li{float:left;padding:0 12px}.footer{color:#666}.TRS_Editor p{line-height:2}</style>
<script>var _hmt=_hmt||[];(function(){var hm=document.createElement("script");hm.src="https://hm.example/hm.js";})();</script></head>
<body><div class="header"><ul class="nav">${Array.from({ length: 24 }, (_, index) => `<li><a href="/col${index}/">栏目${index}</a></li>`).join('')}</ul>
<div class="crumbs">当前位置：<a href="/">首页</a> &gt; <a href="/zhengce/">政策</a></div></div>
${inner}
<div class="footer"><a href="/wzdt.htm">网站地图</a> | <a href="/lxwm.htm">联系我们</a> 版权所有 主办单位 ICP备案号</div></body></html>`;

const shapes: Shape[] = [
  {
    name: 'gov.cn (table.bd1, div.TRS_UEDITOR)',
    reader: readerOf('SC'),
    build: (title, date, number, body) =>
      chrome(
        `<table class="bd1"><tr><td><b>索 引 号：</b></td><td>000014349/2024-00021</td></tr><tr><td><b>发文机关：</b></td><td>国务院办公厅</td><td><b>成文日期：</b></td><td>${date}</td></tr><tr><td><b>标　　题：</b></td><td>${title}</td></tr><tr><td><b>发文字号：</b></td><td>${number}</td><td><b>发布日期：</b></td><td>${date}</td></tr></table><div class="pages_content" id="UCAP-CONTENT"><div class="TRS_UEDITOR">${body}</div></div>`,
        `<meta name="firstpublishedtime" content="${date}-10:00:00"><title>${title}_中国政府网</title>`,
      ),
  },
  {
    name: 'TRS metas, div.TRS_Editor (NDRC)',
    reader: readerOf('NDRC'),
    build: (title, date, _number, body) =>
      chrome(`<div class="article"><div class="article_title">${title}</div><div class="TRS_Editor">${body}</div></div>`, `<meta name="ArticleTitle" content="${title}"><meta name="PubDate" content="${date} 09:30"><meta name="ContentSource" content="国家发展改革委"><title>${title}</title>`),
  },
  {
    name: '#zoom (PBOC, MOFCOM)',
    reader: readerOf('PBOC'),
    build: (title, date, _number, body) => chrome(`<h1>${title}</h1><p>发布时间：${date}</p><div id="zoom">${body}</div>`, `<title>${title}</title>`),
  },
  {
    name: '#News_Body_Txt_A (MFA)',
    reader: readerOf('MOFA'),
    build: (title, date, _number, body) => chrome(`<div class="news-main"><h1>${title}</h1><p class="time"><span>${date}</span></p><div id="News_Body_Txt_A">${body}</div></div>`, `<title>${title}_中华人民共和国外交部</title>`),
  },
  {
    name: 'no known container (Readability)',
    reader: readerOf('SC'),
    build: (title, date, _number, body) => chrome(`<div class="main"><h2>${title}</h2><div class="info">日期：${date}</div><div class="zw-body-2025">${body}</div></div>`, `<title>${title}</title>`),
  },
];

/** Which shape page `index` takes: nine in ten in a known container, one in ten for Readability. */
const shapeOf = (index: number) => (index % 10 === 9 ? shapes[4]! : shapes[index % 4]!);

function buildPage(index: number, documents: ReturnType<typeof loadLabelledSet>): { html: string; title: string } {
  const document = documents[index % documents.length]!;
  const paragraphs = document.story.chineseText.split(/\n+/).map((line) => line.trim()).filter(Boolean);
  // 5 to 50 KB, spread evenly over the run.
  const targetBytes = 5_000 + ((index * 7919) % 45_001);
  const title = `${document.story.title}（${index}）`;
  const date = document.story.receivedOn;
  const shape = shapeOf(index);
  const chromeBytes = Buffer.byteLength(shape.build(title, date, '国办发〔2024〕10号', ''));
  const body: string[] = [];
  for (let paragraph = 0, bodyBytes = 0; chromeBytes + bodyBytes < targetBytes; paragraph++) {
    const html = `<p>　　${paragraphs[(paragraph + index) % paragraphs.length]}</p>\n`;
    body.push(html);
    bodyBytes += Buffer.byteLength(html);
  }
  return { html: shape.build(title, date, '国办发〔2024〕10号', body.join('')), title };
}

export async function benchSourcesExtract(): Promise<string> {
  const documents = loadLabelledSet();
  progress(section, `reading ${pageCount.toLocaleString('en')} article pages of 5-50 KB on one core (after ${warmup} to warm up)`);
  for (let index = 0; index < warmup; index++) {
    const { html } = buildPage(pageCount + index, documents);
    readArticle({ url: `https://bench.example/warm/${index}.html`, text: html, contentType: 'text/html' }, shapeOf(index).reader);
  }
  const latencies: number[] = [];
  const byShape = new Map<string, { times: number[]; cpuMs: number }>();
  let cpuMs = 0;
  let bytes = 0;
  let failures = 0;
  let wrongTitles = 0;
  let elapsed = 0;
  for (let index = 0; index < pageCount; index++) {
    const { html, title } = buildPage(index, documents);
    bytes += Buffer.byteLength(html);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const reading = readArticle({ url: `https://bench.example/${index}.html`, text: html, contentType: 'text/html' }, shapeOf(index).reader);
    const took = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const tookCpu = (cpu.user + cpu.system) / 1000;
    elapsed += took;
    cpuMs += tookCpu;
    latencies.push(took);
    const shape = byShape.get(shapeOf(index).name) ?? { times: [], cpuMs: 0 };
    shape.times.push(took);
    shape.cpuMs += tookCpu;
    byShape.set(shapeOf(index).name, shape);
    if (!reading.ok) failures += 1;
    else if (reading.article.title !== title) wrongTitles += 1;
    if ((index + 1) % 2000 === 0) progress(section, `  ${index + 1} pages, ${((index + 1) / (elapsed / 1000)).toFixed(0)} pages/s so far`);
  }
  const all = summarize(latencies, elapsed);
  // Pages per CPU-second: what one core does when it is ours alone (this machine is shared).
  const perCpuSecond = (count: number, cpu: number) => (count / (cpu / 1000)).toFixed(0);
  const rows = [
    ['all pages', pageCount.toLocaleString('en'), (bytes / pageCount / 1024).toFixed(1), all.perSecond.toFixed(0), perCpuSecond(pageCount, cpuMs), ms(all.p50), ms(all.p95), ms(all.p99), ms(all.max)],
    ...[...byShape].map(([name, shape]) => {
      const stats = summarize(shape.times, shape.times.reduce((sum, time) => sum + time, 0));
      return [name, shape.times.length.toLocaleString('en'), '', stats.perSecond.toFixed(0), perCpuSecond(shape.times.length, shape.cpuMs), ms(stats.p50), ms(stats.p95), ms(stats.p99), ms(stats.max)];
    }),
  ];
  const memory = process.memoryUsage();
  return [
    `## Sources: extraction (${section})`,
    '',
    `${pageCount.toLocaleString('en')} article pages of 5-50 KB (${(bytes / 1024 / 1024).toFixed(0)} MB in all) read by readArticle on one core: parse (linkedom), metadata, body, attachments. Target: 100 pages/s or more. Failures: ${failures}; titles read wrong: ${wrongTitles}. Heap after: ${(memory.heapUsed / 1024 / 1024).toFixed(0)} MB, RSS ${(memory.rss / 1024 / 1024).toFixed(0)} MB.`,
    '',
    table(['pages', 'count', 'mean KB', 'pages/s (wall)', 'pages per CPU-second', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], rows),
  ].join('\n');
}

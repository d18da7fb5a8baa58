/** A chart's numbers and its picture as files the reader keeps (the browser downloads them; nothing is sent). */

/** One CSV field: quoted when it holds a comma, a quote or a line break, and never read as a formula by a spreadsheet. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function download(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(name: string, csv: string): void {
  // The byte order mark makes Excel read the file as UTF-8 (department and topic names are not all ASCII).
  download(`${name}.csv`, 'text/csv;charset=utf-8', `\ufeff${csv}`);
}

/** The chart's SVG as a standalone file: its own namespace, a white background, and its title. */
export function downloadSvg(name: string, svg: SVGSVGElement, title: string): void {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const heading = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  heading.textContent = title;
  copy.prepend(heading);
  copy.style.backgroundColor = '#ffffff';
  download(`${name}.svg`, 'image/svg+xml', new XMLSerializer().serializeToString(copy));
}

import type { CreatedApiKey } from '../shared/api-key-schemas.ts';
import { insertPolicies, indexAll } from '../search/testing.ts';
import type { TestContext } from '../test/context.ts';

/** A key made as the account page makes it: POST /api/user/api-keys with the user's session. */
export async function createKeyFor(ctx: TestContext, cookie: string, name = 'Test key'): Promise<CreatedApiKey> {
  const response = await ctx.request('/api/user/api-keys', { json: { name }, cookie });
  if (response.status !== 201) throw new Error(`POST /api/user/api-keys answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A call to /api/v1 as a script makes it: the key in the Authorization header, no Origin, no cookie unless given. */
export function callWithKey(ctx: TestContext, path: string, key: string | null, init: { cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (init.cookie) headers.Cookie = init.cookie;
  return ctx.app.request(path, { headers });
}

/**
 * Two policies for the public API's tests. The first carries real text: articles 1 and 2 of the
 * State Council's Regulations on the Supervision and Administration of Non-Bank Payment
 * Institutions (2023, 非银行支付机构监督管理条例), with an English rendering, as a subscriber reads it.
 */
export async function insertPublicApiPolicies(ctx: TestContext) {
  const [payment, cloud] = await insertPolicies(ctx, [
    {
      title: 'Regulations on the Supervision and Administration of Non-Bank Payment Institutions',
      description: 'The State Council sets the licensing and supervision of non-bank payment institutions.',
      departmentId: 2,
      publishedOn: '2023-12-09',
      impact: 8,
      industries: ['Financial Services'],
      topics: ['FINTECH'],
      chineseOriginal:
        '第一条 为了规范非银行支付机构行为，保护当事人合法权益，防范化解风险，促进非银行支付行业健康发展，根据《中华人民共和国中国人民银行法》等法律，制定本条例。\n' +
        '第二条 本条例所称非银行支付机构，是指在中华人民共和国境内依法设立，除银行业金融机构外，取得支付业务许可，从事根据收款人或者付款人（以下统称用户）提交的电子支付指令转移货币资金等支付业务的有限责任公司或者股份有限公司。',
      englishTranslation:
        'Article 1 These Regulations are formulated in accordance with the Law of the People\'s Bank of China and other laws, to regulate the conduct of non-bank payment institutions, protect the lawful rights of the parties, prevent and defuse risks, and promote the sound development of the non-bank payment sector.\n' +
        'Article 2 A non-bank payment institution is a limited liability or joint stock company established in the territory of the People\'s Republic of China, other than a banking financial institution, that holds a payment business licence and transfers funds on the electronic payment instructions of payees or payers.',
      fullContent: {
        key_points: [{ title: 'Licensing', content: 'Payment business needs a licence from the PBOC.' }],
        analysis: ['Consolidates the PBOC rules of 2010 into a State Council regulation.'],
      },
    },
    { title: 'Guidelines on cloud services', description: 'Cloud rules for public bodies.', departmentId: 8, publishedOn: '2024-06-01', industries: ['Technology'] },
  ]);
  await indexAll(ctx);
  return { payment: payment!, cloud: cloud! };
}

/** A word only the full texts hold: who may not read them finds nothing by it. */
export const fullTextOnlyWord = 'defuse';

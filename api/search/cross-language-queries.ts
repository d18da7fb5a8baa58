/**
 * English queries with known Chinese answers, for cross-language search's test and its recall in
 * `make bench`: each names the real document of api/processing/documents that a reader asking it
 * wants, and the Chinese term of that document the query should find it through.
 */
export type CrossLanguageQuery = { q: string; file: string; term: string };

export const crossLanguageQueries: CrossLanguageQuery[] = [
  { q: 'random inspection', file: 'govcn-01.txt', term: '抽查' },
  { q: 'financing guarantee', file: 'govcn-02.txt', term: '融资担保' },
  { q: 'vocational education reform', file: 'govcn-03.txt', term: '职业教育' },
  { q: 'public hospital performance evaluation', file: 'govcn-04.txt', term: '公立医院' },
  { q: 'comprehensive bonded zone', file: 'govcn-05.txt', term: '综合保税区' },
  { q: 'zero-waste city', file: 'govcn-07.txt', term: '无废城市' },
  { q: 'centralized procurement of drugs', file: 'govcn-08.txt', term: '集中采购' },
  { q: 'consumption-based poverty alleviation', file: 'govcn-09.txt', term: '消费扶贫' },
  { q: 'science and technology award', file: 'govcn-11.txt', term: '科学技术' },
  { q: 'Xiongan New Area master plan', file: 'govcn-14.txt', term: '雄安新区' },
  { q: 'agricultural mechanization', file: 'govcn-15.txt', term: '农业机械化' },
  { q: 'medical tourism', file: 'govcn-16.txt', term: '医疗旅游' },
  { q: 'water saving', file: 'govcn-25.txt', term: '节水' },
  { q: 'special additional deductions', file: 'govcn-32.txt', term: '专项附加扣除' },
  { q: 'individual income tax regulations', file: 'govcn-33.txt', term: '个人所得税' },
  { q: 'unemployment insurance', file: 'govcn-39.txt', term: '失业保险' },
  { q: 'pilot free trade zone', file: 'govcn-57.txt', term: '自由贸易试验区' },
  { q: 'patent agency', file: 'govcn-58.txt', term: '专利代理' },
  { q: 'government websites', file: 'govcn-60.txt', term: '政府网站' },
  { q: 'price fraud', file: 'lawrefbook-01.txt', term: '价格欺诈' },
  { q: 'complaints and reports', file: 'lawrefbook-02.txt', term: '投诉举报' },
  { q: 'consumer rights', file: 'lawrefbook-03.txt', term: '消费者权益' },
  { q: 'family car returns', file: 'lawrefbook-04.txt', term: '家用汽车' },
  { q: 'medical device registration', file: 'lawrefbook-05.txt', term: '医疗器械' },
  { q: 'paid annual leave', file: 'lawrefbook-06.txt', term: '带薪年休假' },
  { q: 'business environment', file: 'lawrefbook-08.txt', term: '营商环境' },
  { q: 'fair competition review', file: 'lawrefbook-09.txt', term: '公平竞争审查' },
  { q: 'dual-use items export control', file: 'lawrefbook-10.txt', term: '两用物项' },
  { q: 'payments to small and medium enterprises', file: 'lawrefbook-11.txt', term: '中小企业' },
];

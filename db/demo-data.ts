import { Faker, en } from '@faker-js/faker';
import { departmentList, industryList, topicList } from './reference-data.ts';
import type { PolicyFullContent } from './policy-content.ts';

/**
 * Deterministic demo policies: realistic titles and bilingual texts assembled from paired
 * English/Chinese phrase tables, so the translation always matches the original.
 */
export type DemoPolicy = {
  departmentId: number;
  title: string;
  description: string;
  publishedOn: string;
  impact: number;
  storyText: string;
  chineseOriginal: string;
  englishTranslation: string | null;
  sourceUrl: string;
  fullContent: PolicyFullContent;
  industries: { industryId: number; impactAnalysis: string }[];
  topics: { topicId: number; relevance: number }[];
};

type DepartmentCode = (typeof departmentList)[number]['code'];
type TopicCode = (typeof topicList)[number]['code'];
type Pair = readonly [en: string, zh: string];
type Phrase = { en: string; zh: string };

// ---------------------------------------------------------------------------------------------
// Subjects. A title subject is either a curated phrase, an "object" (a market, industry,
// programme or kind of entity) on its own, or an object combined with an aspect that fits its
// group ("the supervision of" + "the bond market" / "债券市场" + "监管").
// ---------------------------------------------------------------------------------------------

type ObjectGroup = 'market' | 'industry' | 'programme' | 'entity';
type SubjectKind = 'rule' | ObjectGroup;

type TopicSource = {
  name: Pair;
  by: readonly DepartmentCode[];
  industries: readonly number[];
  /** Whether a regional qualifier ("in the Yangtze River Delta") makes sense. */
  regional?: boolean;
  goal?: Pair;
  /** Curated subjects; a department tag restricts the subject to that department. */
  subjects: readonly (Pair | readonly [en: string, zh: string, dept: DepartmentCode])[];
  objects?: readonly (readonly [ObjectGroup, en: string, zh: string] | readonly [ObjectGroup, en: string, zh: string, DepartmentCode])[];
  measures: readonly (Pair | readonly [en: string, zh: string, dept: DepartmentCode])[];
};

const topicSources: Record<TopicCode, TopicSource> = {
  MONPOL: {
    name: ['monetary policy', '货币政策'],
    by: ['PBOC'],
    industries: [1, 5, 3],
    subjects: [
      ['the monetary policy framework', '货币政策框架'],
      ['the use of structural monetary policy instruments', '结构性货币政策工具运用'],
      ['the reserve requirement system', '存款准备金制度'],
      ['the monetary policy transmission mechanism', '货币政策传导机制'],
    ],
    objects: [['market', 'the money market', '货币市场']],
    measures: [
      ['Keep liquidity reasonably ample and guide the growth of money supply and aggregate financing to match the expected targets for economic growth and the general price level', '保持流动性合理充裕，引导货币供应量和社会融资规模增长同经济增长和价格总水平预期目标相匹配'],
      ['Flexibly use a range of monetary policy instruments including reserve requirement ratio cuts, open market operations and the medium-term lending facility', '灵活运用降准、公开市场操作、中期借贷便利等多种货币政策工具'],
      ['Leverage the guiding role of structural monetary policy instruments and step up support for technological innovation, green development and small and micro enterprises', '发挥结构性货币政策工具的引导作用，加大对科技创新、绿色发展和小微企业的支持力度'],
    ],
  },
  RATES: {
    name: ['interest rates', '利率'],
    by: ['PBOC', 'HKMA'],
    industries: [1, 5, 10],
    subjects: [
      ['the market-based interest rate formation mechanism', '市场化利率形成机制'],
      ['the loan prime rate quotation mechanism', '贷款市场报价利率报价机制'],
      ['self-regulatory management of deposit interest rates', '存款利率自律管理'],
      ['interest rate risk management in the banking book', '银行账簿利率风险管理', 'HKMA'],
      ['the Hong Kong Dollar Overnight Index Average benchmark', '港元隔夜平均指数基准', 'HKMA'],
    ],
    objects: [['market', 'the interbank lending market', '同业拆借市场']],
    measures: [
      ['Improve the market-based formation and transmission of interest rates and give full play to the guiding role of the loan prime rate', '健全市场化利率形成和传导机制，发挥贷款市场报价利率的指导作用'],
      ['Promote a steady decline in the overall financing costs of enterprises and the cost of consumer credit', '推动企业综合融资成本和个人消费信贷成本稳中有降'],
      ['Strengthen the implementation and supervision of interest rate policies and standardise deposit pricing behaviour', '强化利率政策执行和监督，规范存款利率定价行为'],
      ['Authorized institutions should prudently manage interest rate risk in the banking book and conduct regular stress tests', '认可机构应审慎管理银行账簿利率风险，并定期进行压力测试', 'HKMA'],
    ],
  },
  CREDIT: {
    name: ['credit and lending', '信贷'],
    by: ['PBOC'],
    industries: [1, 3, 10, 7],
    regional: true,
    subjects: [
      ['financial services for small and micro enterprises', '小微企业金融服务'],
      ['the social credit reporting system', '社会征信体系'],
      ['credit support for key sectors', '重点领域信贷支持'],
    ],
    objects: [
      ['entity', 'small and micro enterprises', '小微企业'],
      ['industry', 'inclusive finance', '普惠金融'],
      ['industry', 'supply chain finance', '供应链金融'],
    ],
    measures: [
      ['Increase first-time loans, unsecured credit loans and medium- and long-term loans to improve the availability of financing for small and micro enterprises', '加大首贷、信用贷、中长期贷款投放力度，提升小微企业融资可得性'],
      ["Improve due-diligence exemption and error-tolerance mechanisms to strengthen financial institutions' willingness and capacity to lend", '完善尽职免责和容错纠错机制，增强金融机构敢贷愿贷能贷会贷的内生动力'],
      ['Promote data sharing between credit reporting platforms and government data sources to resolve information asymmetry between banks and enterprises', '推动征信平台与政务数据共享，破解银企信息不对称问题'],
    ],
  },
  FX: {
    name: ['foreign exchange', '外汇'],
    by: ['SAFE', 'PBOC', 'HKMA'],
    industries: [1, 3, 10, 19],
    subjects: [
      ['facilitation of cross-border trade settlement', '跨境贸易结算便利化'],
      ['foreign exchange administration under the capital account', '资本项目外汇管理'],
      ['macro-prudential management of cross-border financing', '跨境融资宏观审慎管理'],
      ['exchange rate risk management by enterprises', '企业汇率风险管理'],
      ['foreign exchange settlement for cross-border e-commerce', '跨境电商外汇结算'],
      ['foreign exchange registration for direct investment', '直接投资外汇登记'],
      ['foreign debt registration', '外债登记'],
      ['the Qualified Foreign Limited Partner pilot', '合格境外有限合伙人试点'],
      ['the foreign exchange business of banks', '银行外汇业务'],
      ['the Linked Exchange Rate System', '联系汇率制度', 'HKMA'],
      ['the Renminbi Liquidity Facility', '人民币流动资金安排', 'HKMA'],
    ],
    objects: [
      ['market', 'the foreign exchange market', '外汇市场'],
      ['programme', 'the cross-border financial services platform', '跨境金融服务平台'],
    ],
    measures: [
      ['Expand the coverage of facilitation policies for the foreign exchange receipts and payments of high-quality trading enterprises and simplify document review', '扩大优质企业贸易外汇收支便利化政策覆盖面，简化单证审核流程'],
      ['Keep the RMB exchange rate basically stable at an adaptive and equilibrium level and guard against the risk of overshooting', '保持人民币汇率在合理均衡水平上的基本稳定，防范汇率超调风险'],
      ['Strengthen monitoring and early warning of cross-border capital flows and crack down on underground banking and other foreign exchange violations', '加强跨境资金流动监测预警，严厉打击地下钱庄等外汇违法违规活动'],
      ['Maintain the stability of the Hong Kong dollar exchange rate and ensure the smooth operation of the Linked Exchange Rate System', '维持港元汇率稳定，确保联系汇率制度畅顺运作', 'HKMA'],
    ],
  },
  ECNY: {
    name: ['the digital renminbi', '数字人民币'],
    by: ['PBOC'],
    industries: [1, 2, 10],
    subjects: [
      ['digital renminbi application scenarios', '数字人民币应用场景'],
      ['cross-border use of the digital renminbi', '数字人民币跨境使用'],
      ['the digital renminbi operating system', '数字人民币运营体系'],
    ],
    objects: [['programme', 'the digital renminbi pilot', '数字人民币试点']],
    measures: [
      ['Expand the digital renminbi pilots in an orderly way and enrich use cases in public transport, government payments and retail consumption', '有序扩大数字人民币试点范围，丰富在公共交通、政务缴费和零售消费等领域的应用场景'],
      ['Improve the digital renminbi operating system and strengthen personal information protection and anti-money-laundering controls', '完善数字人民币运营体系，强化个人信息保护和反洗钱管理'],
      ['Advance the multilateral central bank digital currency bridge project prudently and explore cross-border payment uses of the digital renminbi', '稳妥推进多边央行数字货币桥项目，探索数字人民币跨境支付应用'],
    ],
  },
  CAPMKT: {
    name: ['capital markets', '资本市场'],
    by: ['CSRC'],
    industries: [1, 20],
    subjects: [
      ['the investor protection system', '投资者保护制度'],
      ['the entry of medium- and long-term funds into the market', '中长期资金入市'],
      ['the delisting system', '退市制度'],
      ['market value management of listed companies', '上市公司市值管理'],
    ],
    objects: [
      ['market', 'the capital market', '资本市场'],
      ['entity', 'listed companies', '上市公司'],
      ['entity', 'securities companies', '证券公司'],
      ['industry', 'the public fund industry', '公募基金行业'],
    ],
    measures: [
      ['Improve the quality of listed companies, tighten delisting standards and establish an orderly exit mechanism', '提高上市公司质量，严格退市标准，推动形成进退有序、及时出清的格局'],
      ['Vigorously encourage medium- and long-term funds to enter the market and encourage listed companies to increase dividends and share buybacks', '大力推动中长期资金入市，鼓励上市公司加大分红和回购力度'],
      ['Crack down strictly, in accordance with the law, on fraudulent issuance, financial fraud, market manipulation and other violations', '依法从严打击欺诈发行、财务造假和操纵市场等违法违规行为'],
    ],
  },
  IPO: {
    name: ['IPOs and listings', '股票发行上市'],
    by: ['CSRC'],
    industries: [1, 2, 20],
    subjects: [
      ['information disclosure by companies applying for listing', '首次公开发行股票并上市公司信息披露'],
      ['the sponsorship business for securities issuance and listing', '证券发行上市保荐业务'],
      ['the registration-based IPO system', '股票发行注册制'],
      ['on-site inspection of IPO applicants', '首发企业现场检查'],
    ],
    objects: [
      ['market', 'the Science and Technology Innovation Board', '科创板'],
      ['market', 'the Beijing Stock Exchange', '北京证券交易所'],
    ],
    measures: [
      ['Tighten gatekeeping at the point of issuance and listing, hold issuers primarily responsible and hold intermediaries accountable as gatekeepers', '从严把好发行上市入口关，压实发行人第一责任和中介机构“看门人”责任'],
      ["Raise the review requirements on enterprises' technological innovation attributes and going-concern capability and expand on-site inspections", '提高对企业科创属性和持续经营能力的审核要求，加大现场检查覆盖面'],
      ['Improve the issuance and underwriting system and strengthen market discipline on new share pricing', '完善发行承销制度，强化新股定价的市场约束'],
    ],
  },
  BONDS: {
    name: ['the bond market', '债券市场'],
    by: ['PBOC', 'CSRC', 'MOF', 'NDRC', 'HKMA'],
    industries: [1, 14, 6],
    subjects: [
      ['the issuance of corporate credit bonds', '公司信用类债券发行'],
      ['the interconnection of bond market infrastructure', '债券市场基础设施互联互通'],
      ['the handling of bond defaults', '债券违约处置'],
      ['the Central Moneymarkets Unit', '债务工具中央结算系统', 'HKMA'],
      ['the tokenisation of green bonds', '绿色债券代币化', 'HKMA'],
    ],
    objects: [
      ['market', 'the bond market', '债券市场'],
      ['market', 'the green bond market', '绿色债券市场'],
      ['programme', 'the issuance of technology innovation bonds', '科技创新债券发行'],
    ],
    measures: [
      ['Unify information disclosure standards for corporate credit bonds and improve the legal framework of the bond market', '统一公司信用类债券信息披露标准，完善债券市场法制'],
      ['Strengthen the monitoring and handling of bond default risk and crack down on debt evasion', '加强债券违约风险监测和处置，严厉打击逃废债行为'],
      ['Expand the issuance of green bonds and technology innovation bonds and diversify bond products', '扩大绿色债券和科技创新债券发行规模，丰富债券品种'],
      ['Improve the operational efficiency of the Central Moneymarkets Unit and make it easier for overseas investors to access the Hong Kong bond market', '提升债务工具中央结算系统的运作效率，便利境外投资者参与香港债券市场', 'HKMA'],
    ],
  },
  FINSTAB: {
    name: ['financial stability', '金融稳定'],
    by: ['PBOC', 'CSRC', 'HKMA'],
    industries: [1, 5],
    subjects: [
      ['the prevention and resolution of financial risks', '防范化解金融风险'],
      ['the macro-prudential policy framework', '宏观审慎政策框架'],
      ['the supervision of systemically important banks', '系统重要性银行监管'],
      ['the resolution regime for authorized institutions', '认可机构处置机制', 'HKMA'],
      ['liquidity risk management of authorized institutions', '认可机构流动性风险管理', 'HKMA'],
      ['the operational resilience of authorized institutions', '认可机构营运韧性', 'HKMA'],
      ['the implementation of the Basel III final reform package', '巴塞尔协定三最终改革方案实施', 'HKMA'],
      ['climate risk management by authorized institutions', '认可机构气候风险管理', 'HKMA'],
    ],
    objects: [
      ['entity', 'small and medium-sized banks', '中小银行'],
      ['entity', 'systemically important financial institutions', '系统重要性金融机构'],
    ],
    measures: [
      ['Establish an early correction mechanism for financial risks with hard constraints and firmly hold the line against systemic financial risks', '健全具有硬约束的金融风险早期纠正机制，坚决守住不发生系统性金融风险的底线'],
      ["Push forward reform and risk reduction at small and medium-sized financial institutions prudently and enforce local governments' responsibilities", '稳妥推进中小金融机构改革化险，压实地方属地责任'],
      ['Strengthen the monitoring and assessment of systemic risks and conduct regular stress tests', '加强系统性风险监测评估，定期开展压力测试'],
      ['Authorized institutions should maintain adequate capital and liquidity buffers to withstand potential market volatility', '认可机构应维持充足的资本和流动性缓冲，以应对潜在的市场波动', 'HKMA'],
    ],
  },
  FINTECH: {
    name: ['financial technology', '金融科技'],
    by: ['PBOC', 'CSRC', 'HKMA'],
    industries: [1, 2, 12],
    subjects: [
      ['fintech innovation supervision', '金融科技创新监管'],
      ['the digital transformation of financial institutions', '金融机构数字化转型'],
      ['the application of artificial intelligence in the financial sector', '人工智能在金融领域的应用'],
      ['the licensing regime for stablecoin issuers', '稳定币发行人发牌制度', 'HKMA'],
      ['the Fintech Supervisory Sandbox', '金融科技监管沙盒', 'HKMA'],
      ['the use of generative artificial intelligence by authorized institutions', '认可机构使用生成式人工智能', 'HKMA'],
      ['the prevention of digital fraud', '防范数字欺诈', 'HKMA'],
    ],
    objects: [
      ['industry', 'financial technology', '金融科技'],
      ['entity', 'non-bank payment institutions', '非银行支付机构'],
      ['entity', 'stablecoin issuers', '稳定币发行人', 'HKMA'],
    ],
    measures: [
      ['Develop financial technology prudently and accelerate the digital transformation of financial institutions', '稳妥发展金融科技，加快金融机构数字化转型'],
      ['Improve fintech innovation supervision tools and bring all fintech activities under regulation', '完善金融科技创新监管工具，将金融科技活动全面纳入监管'],
      ['Standardise the operations of non-bank payment institutions and strengthen anti-monopoly enforcement and consumer protection in payments', '规范非银行支付机构业务经营，强化支付领域反垄断和消费者权益保护'],
      ['Stablecoin issuers must hold reserve assets that are sufficient, of high quality and highly liquid', '稳定币发行人须持有足额、优质且高流动性的储备资产', 'HKMA'],
      ['Authorized institutions adopting artificial intelligence and other new technologies should ensure appropriate governance and customer protection', '认可机构在应用人工智能等新技术时，应确保有适当的管治和客户保障措施', 'HKMA'],
    ],
  },
  TAX: {
    name: ['taxation', '税收'],
    by: ['MOF'],
    industries: [3, 2, 20, 10],
    subjects: [
      ['tax and fee reduction policies for small and micro enterprises', '小微企业减税降费政策'],
      ['the additional deduction of research and development expenses', '研发费用加计扣除'],
      ['value-added tax credit refunds', '增值税留抵退税'],
      ['special additional deductions for individual income tax', '个人所得税专项附加扣除'],
      ['the departure tax refund policy', '离境退税政策'],
    ],
    measures: [
      ['Extend and optimise certain phased tax and fee incentives to make policies more stable and predictable', '延续和优化实施部分阶段性税费优惠政策，增强政策的稳定性和可预期性'],
      ["Raise the pre-tax additional deduction ratio for eligible enterprises' research and development expenses to 100 per cent", '将符合条件的企业研发费用税前加计扣除比例提高至100%'],
      ['Strengthen tax collection, administration and enforcement oversight and crack down on export tax rebate fraud and false invoicing', '加强税收征管和执法监督，严厉打击骗取出口退税和虚开发票行为'],
    ],
  },
  FISCAL: {
    name: ['fiscal policy', '财政'],
    by: ['MOF', 'NDRC'],
    industries: [14, 3, 9],
    subjects: [
      ['the use of ultra-long special treasury bond funds', '超长期特别国债资金使用'],
      ['budget performance management', '预算绩效管理'],
      ['central-to-local transfer payments', '中央对地方转移支付'],
      ['government procurement management', '政府采购管理'],
    ],
    objects: [
      ['programme', 'ultra-long special treasury bond projects', '超长期特别国债项目'],
      ['programme', 'government investment funds', '政府投资基金'],
    ],
    measures: [
      ['Increase fiscal spending, optimise its structure and strengthen funding for key areas', '加大财政支出强度，优化支出结构，加强重点领域保障'],
      ['Fully implement budget performance management and improve the efficiency of fiscal funds', '全面实施预算绩效管理，提高财政资金使用效益'],
      ['Enforce financial discipline and resolutely stop extravagance such as unauthorised construction of new government buildings', '严肃财经纪律，坚决制止违规新建楼堂馆所等铺张浪费行为'],
    ],
  },
  LGDEBT: {
    name: ['local government debt', '地方政府债务'],
    by: ['MOF', 'NDRC'],
    industries: [14, 1, 5],
    regional: true,
    subjects: [
      ['the management of local government special bonds', '地方政府专项债券管理'],
      ['the resolution of hidden local government debt', '地方政府隐性债务化解'],
      ['the transformation of local government financing vehicles', '地方融资平台转型'],
    ],
    objects: [
      ['programme', 'local government special bond projects', '地方政府专项债券项目'],
      ['entity', 'local government financing platforms', '地方融资平台'],
    ],
    measures: [
      ['Set the scale of local government special bonds reasonably, optimise the allocation of funds and improve their efficiency', '合理安排地方政府专项债券规模，优化资金投向，提高资金使用效率'],
      ['Resolve existing hidden debt in a coordinated way and resolutely curb any new hidden debt', '统筹化解存量隐性债务，坚决遏制新增隐性债务'],
      ['Accelerate the market-oriented transformation of local financing platforms and strip them of government financing functions', '加快推进地方融资平台市场化转型，剥离政府融资功能'],
    ],
  },
  SUBSIDY: {
    name: ['subsidies and incentives', '补贴和激励'],
    by: ['MOF', 'MIIT', 'NDRC', 'MOFCOM'],
    industries: [13, 3, 10, 19],
    regional: true,
    subjects: [
      ['the management of special funds for industrial development', '产业发展专项资金管理'],
      ['fiscal interest subsidies for loans', '贷款财政贴息'],
      ['the trade-in subsidy application process', '以旧换新补贴申领'],
    ],
    objects: [
      ['programme', 'the consumer goods trade-in programme', '消费品以旧换新'],
      ['programme', 'large-scale equipment renewal', '大规模设备更新'],
    ],
    measures: [
      ['Allocate ultra-long special treasury bond funds to support large-scale equipment renewal and consumer goods trade-ins', '安排超长期特别国债资金支持大规模设备更新和消费品以旧换新'],
      ['Streamline subsidy application procedures to ensure funds reach market entities directly', '优化补贴申领流程，确保资金直达市场主体'],
      ['Strengthen whole-process supervision of subsidy funds to prevent fraudulent or duplicate claims', '加强补贴资金全过程监管，严防骗补套补'],
    ],
  },
  TRADE: {
    name: ['foreign trade', '对外贸易'],
    by: ['MOFCOM', 'SAFE'],
    industries: [10, 3, 8, 19],
    regional: true,
    subjects: [
      ['the stable scale and optimal structure of foreign trade', '外贸稳规模优结构'],
      ['trade facilitation at ports', '口岸贸易便利化'],
      ['export credit insurance', '出口信用保险'],
    ],
    objects: [
      ['industry', 'cross-border e-commerce', '跨境电子商务'],
      ['industry', 'trade in services', '服务贸易'],
      ['entity', 'foreign trade enterprises', '外贸企业'],
    ],
    measures: [
      ['Help foreign trade enterprises diversify their markets and expand export credit insurance support', '支持外贸企业拓展多元化市场，加大出口信用保险支持力度'],
      ['Promote the high-quality development of overseas warehouses for cross-border e-commerce and foster new drivers of foreign trade', '推动跨境电商海外仓高质量发展，培育外贸新动能'],
      ['Raise the level of trade facilitation and further shorten customs clearance times', '提升贸易便利化水平，进一步压缩通关时间'],
    ],
  },
  EXPCTRL: {
    name: ['export controls', '出口管制'],
    by: ['MOFCOM', 'MOFA'],
    industries: [16, 2, 15, 3],
    subjects: [
      ['export control of dual-use items', '两用物项出口管制'],
      ['the unreliable entity list', '不可靠实体清单'],
      ['export control compliance by enterprises', '企业出口管制合规'],
      ['export licensing for critical minerals', '关键矿产出口许可'],
      ['countermeasures against relevant foreign entities', '对有关外国实体采取反制措施', 'MOFA'],
      ['countermeasures against foreign military-industrial companies', '对外国军工企业采取反制措施', 'MOFA'],
      ['the implementation of the Anti-Foreign Sanctions Law', '反外国制裁法实施', 'MOFA'],
    ],
    measures: [
      ['Improve the control list of dual-use items and implement export licensing in accordance with the law', '完善两用物项出口管制清单，依法实施出口许可管理'],
      ['Guide enterprises to establish internal export control compliance programmes and guard against violations', '指导企业建立出口管制内部合规制度，防范违规风险'],
      ['Strengthen export control enforcement and crack down on illegal transshipment and smuggling', '加强出口管制执法，严厉打击非法转口和走私行为'],
    ],
  },
  FDI: {
    name: ['foreign investment', '外商投资'],
    by: ['MOFCOM', 'NDRC', 'SAFE', 'MOFA'],
    industries: [3, 20, 1, 2],
    regional: true,
    subjects: [
      ['the negative list for foreign investment access', '外商投资准入负面清单'],
      ['the catalogue of industries for encouraging foreign investment', '鼓励外商投资产业目录'],
      ['the foreign investment security review', '外商投资安全审查'],
      ['foreign investment information reporting', '外商投资信息报告'],
      ['the domestic reinvestment of foreign-invested enterprises', '外商投资企业境内再投资'],
      ['visa facilitation for foreign business travellers', '外国商务人员来华签证便利', 'MOFA'],
      ['the unilateral visa-free policy for ordinary passport holders', '普通护照持有人单方面免签政策', 'MOFA'],
      ['the 240-hour visa-free transit policy', '240小时过境免签政策', 'MOFA'],
      ['the issuance of APEC business travel cards', 'APEC商务旅行卡发放', 'MOFA'],
    ],
    objects: [
      ['entity', 'foreign-invested enterprises', '外商投资企业'],
      ['entity', 'foreign-invested research and development centres', '外资研发中心'],
      ['programme', 'the comprehensive pilot programme for expanding opening-up of the services sector', '服务业扩大开放综合试点'],
    ],
    measures: [
      ['Remove all restrictions on foreign investment access in manufacturing and open up services such as telecommunications and healthcare in an orderly way', '全面取消制造业领域外资准入限制措施，有序扩大电信、医疗等服务业开放'],
      ['Ensure that foreign-invested enterprises participate equally in government procurement and standard setting in accordance with the law', '保障外商投资企业依法平等参与政府采购和标准制定'],
      ['Improve the complaint mechanism for foreign-invested enterprises and strengthen intellectual property protection', '健全外商投资企业投诉工作机制，加大知识产权保护力度'],
    ],
  },
  TARIFF: {
    name: ['tariffs', '关税'],
    by: ['MOF', 'MOFCOM'],
    industries: [3, 13, 7, 19],
    subjects: [
      ['the tariff adjustment plan', '关税调整方案'],
      ['the exclusion process for goods subject to additional tariffs', '加征关税商品排除工作'],
      ['provisional import tariff rates', '进口暂定税率'],
      ['zero-tariff treatment for least developed countries', '最不发达国家零关税待遇'],
    ],
    measures: [
      ['Apply provisional import tariff rates lower than most-favoured-nation rates to certain goods', '对部分商品实施低于最惠国税率的进口暂定税率'],
      ['Impose additional tariffs and other countermeasures on relevant imports in accordance with the law', '依法对相关进口商品采取加征关税等反制措施'],
      ['Assess and track the effects of tariff adjustments to keep industrial and supply chains stable', '做好关税政策调整的评估和跟踪，维护产业链供应链稳定'],
    ],
  },
  BRI: {
    name: ['Belt and Road cooperation', '共建“一带一路”'],
    by: ['NDRC', 'MOFCOM', 'MOFA'],
    industries: [14, 8, 6, 1],
    regional: true,
    subjects: [
      ['risk control for overseas investment and cooperation', '境外投资合作风险防控'],
      ['the construction of overseas economic and trade cooperation zones', '境外经贸合作区建设'],
      ['consular protection for overseas Chinese citizens and institutions', '海外中国公民和机构领事保护', 'MOFA'],
      ['the security of overseas projects and personnel', '海外项目和人员安全保障', 'MOFA'],
      ['overseas travel safety reminders', '海外出行安全提醒', 'MOFA'],
    ],
    objects: [
      ['industry', 'the China-Europe Railway Express', '中欧班列'],
      ['programme', 'the New International Land-Sea Trade Corridor', '西部陆海新通道建设'],
    ],
    measures: [
      ['Advance flagship Belt and Road projects alongside “small yet smart” livelihood projects', '推进“一带一路”重大标志性工程和“小而美”民生项目建设'],
      ['Promote the high-quality development of the China-Europe Railway Express and improve the efficiency of international logistics corridors', '推动中欧班列高质量发展，提升国际物流通道运行效率'],
      ['Strengthen risk control over outbound investment and guide enterprises to operate in compliance with local laws', '加强境外投资风险防控，引导企业合规经营'],
    ],
  },
  AI: {
    name: ['artificial intelligence', '人工智能'],
    by: ['MIIT', 'NDRC'],
    industries: [2, 12, 3, 11],
    regional: true,
    subjects: [
      ['the management of generative artificial intelligence services', '生成式人工智能服务管理'],
      ['the labelling of AI-generated content', '人工智能生成合成内容标识'],
      ['the safety governance of artificial intelligence', '人工智能安全治理'],
    ],
    objects: [
      ['industry', 'the artificial intelligence industry', '人工智能产业'],
      ['programme', 'the “AI Plus” initiative', '“人工智能+”行动'],
      ['industry', 'computing power infrastructure', '算力基础设施'],
    ],
    measures: [
      ['Implement the “AI Plus” initiative in depth and promote the integration of artificial intelligence with the real economy', '深入实施“人工智能+”行动，推动人工智能与实体经济深度融合'],
      ['Build an integrated national computing power network and increase the supply of intelligent computing power', '统筹建设全国一体化算力网，提升智能算力供给水平'],
      ['Establish a sound AI safety governance system and enforce labelling requirements for AI-generated content', '建立健全人工智能安全治理体系，落实生成合成内容标识要求'],
    ],
  },
  SEMI: {
    name: ['semiconductors', '集成电路'],
    by: ['MIIT', 'NDRC', 'MOF'],
    industries: [2, 3, 16],
    subjects: [
      ['tax policies for integrated circuit enterprises', '集成电路企业税收政策'],
      ['research on key core technologies for chips', '芯片关键核心技术攻关'],
      ['the supply chain security of integrated circuits', '集成电路供应链安全'],
    ],
    objects: [
      ['industry', 'the integrated circuit industry', '集成电路产业'],
      ['industry', 'the semiconductor equipment and materials industry', '半导体装备和材料产业'],
    ],
    measures: [
      ['Pool resources to tackle key core technologies and accelerate research on high-end chips and advanced process technologies', '集中力量攻关关键核心技术，加快高端芯片和先进工艺研发'],
      ['Grant tax incentives to eligible integrated circuit design, equipment and materials enterprises', '对符合条件的集成电路设计和装备材料企业给予税收优惠'],
      ['Improve the resilience of industrial and supply chains and promote coordinated upstream and downstream development', '提升产业链供应链韧性，推动上下游协同发展'],
    ],
  },
  DATASEC: {
    name: ['data security', '数据安全'],
    by: ['MIIT'],
    industries: [2, 12, 1],
    subjects: [
      ['cross-border data flows', '数据跨境流动'],
      ['the classification and grading protection of data', '数据分类分级保护'],
      ['personal information protection compliance audits', '个人信息保护合规审计'],
    ],
    objects: [['market', 'the data element market', '数据要素市场']],
    measures: [
      ['Establish a data classification and grading protection system and compile catalogues of important data', '建立数据分类分级保护制度，制定重要数据目录'],
      ['Regulate and facilitate the lawful, orderly and free flow of data and clarify the scope of security assessments for outbound data', '规范和促进数据依法有序自由流动，明确数据出境安全评估适用范围'],
      ['Require personal information processors to conduct regular compliance audits', '督促个人信息处理者定期开展合规审计'],
    ],
  },
  CYBER: {
    name: ['cybersecurity', '网络安全'],
    by: ['MIIT'],
    industries: [2, 12, 1],
    subjects: [
      ['cybersecurity incident reporting', '网络安全事件报告'],
      ['the security protection of critical information infrastructure', '关键信息基础设施安全保护'],
      ['the management of security vulnerabilities in network products', '网络产品安全漏洞管理'],
    ],
    objects: [['industry', 'the cybersecurity industry', '网络安全产业']],
    measures: [
      ["Implement the multi-level protection scheme for cybersecurity and enforce operators' primary responsibilities", '落实网络安全等级保护制度，压实运营者主体责任'],
      ['Improve the monitoring, early warning and emergency response mechanisms for cybersecurity incidents', '健全网络安全事件监测预警和应急处置机制'],
      ['Strengthen the collection, analysis and reporting of security vulnerabilities in network products', '加强网络产品安全漏洞收集、研判和通报'],
    ],
  },
  NEV: {
    name: ['new energy vehicles', '新能源汽车'],
    by: ['MIIT', 'NDRC', 'MOF'],
    industries: [13, 6, 3],
    regional: true,
    subjects: [
      ['the recycling of power batteries', '动力电池回收利用'],
      ['road testing of intelligent connected vehicles', '智能网联汽车道路测试'],
      ['vehicle purchase tax incentives for new energy vehicles', '新能源汽车车辆购置税优惠'],
    ],
    objects: [
      ['industry', 'the new energy vehicle industry', '新能源汽车产业'],
      ['industry', 'charging infrastructure', '充电基础设施'],
      ['industry', 'intelligent connected vehicles', '智能网联汽车'],
    ],
    measures: [
      ['Accelerate the building of a high-quality charging infrastructure system and achieve full coverage of charging and battery-swap facilities at county level', '加快构建高质量充电基础设施体系，推动县域充换电设施全覆盖'],
      ['Launch campaigns to bring new energy vehicles to rural areas and unleash rural car consumption potential', '开展新能源汽车下乡活动，释放农村汽车消费潜力'],
      ['Regulate competition in the industry and curb disorderly, involution-style price competition', '规范行业竞争秩序，整治“内卷式”竞争'],
    ],
  },
  MFGUP: {
    name: ['manufacturing upgrading', '制造业转型升级'],
    by: ['MIIT', 'NDRC', 'NBS'],
    industries: [3, 2, 15, 16],
    regional: true,
    subjects: [
      ['the digital transformation of the manufacturing industry', '制造业数字化转型'],
      ['new industrialisation', '新型工业化'],
      ['the statistical classification of the digital economy and its core industries', '数字经济及其核心产业统计分类', 'NBS'],
      ['the national economic census', '全国经济普查', 'NBS'],
      ['statistics on high-tech industries', '高技术产业统计', 'NBS'],
      ['the statistical survey system for industrial enterprises above designated size', '规模以上工业企业统计调查制度', 'NBS'],
      ["the purchasing managers' index survey", '采购经理调查', 'NBS'],
    ],
    objects: [
      ['industry', 'advanced manufacturing clusters', '先进制造业集群'],
      ['entity', 'specialised and sophisticated SMEs', '专精特新中小企业'],
      ['industry', 'the industrial internet', '工业互联网'],
    ],
    measures: [
      ['Implement actions for the high-quality development of key manufacturing industrial chains and make traditional industries higher-end, smarter and greener', '实施制造业重点产业链高质量发展行动，推动传统产业高端化、智能化、绿色化'],
      ['Cultivate specialised and sophisticated SMEs and manufacturing single-product champions in tiers', '梯度培育专精特新中小企业和制造业单项冠军企业'],
      ['Accelerate the large-scale application of the industrial internet and promote the construction of smart factories', '加快工业互联网规模化应用，推进智能工厂建设'],
    ],
  },
  PLATFORM: {
    name: ['the platform economy', '平台经济'],
    by: ['SAMR', 'NDRC', 'MOFCOM'],
    industries: [2, 10, 11],
    subjects: [
      ['pricing behaviour on internet platforms', '互联网平台价格行为'],
      ['fee-charging practices of online platforms', '网络平台收费行为'],
      ['the rules governing platform algorithms', '平台算法规则'],
    ],
    objects: [
      ['industry', 'the platform economy', '平台经济'],
      ['entity', 'platform enterprises', '平台企业'],
      ['industry', 'live-streaming e-commerce', '直播电商'],
    ],
    measures: [
      ['Support platform enterprises in leading development, creating jobs and competing internationally', '支持平台企业在引领发展、创造就业和国际竞争中大显身手'],
      ['Standardise platform fees and algorithm rules to protect the lawful rights of merchants and consumers on platforms', '规范平台收费和算法规则，保护平台内经营者和消费者合法权益'],
      ['Improve the normalised supervision system and strengthen governance of the platform economy', '健全常态化监管制度，提升平台经济治理能力'],
    ],
  },
  ANTITRUST: {
    name: ['antitrust and fair competition', '反垄断和公平竞争'],
    by: ['SAMR'],
    industries: [2, 10, 20, 1],
    subjects: [
      ['the review of concentrations of undertakings', '经营者集中审查'],
      ['fair competition review', '公平竞争审查'],
      ['anti-monopoly compliance by enterprises', '企业反垄断合规'],
      ['the building of a unified national market', '全国统一大市场建设'],
    ],
    measures: [
      ['Fully implement the fair competition review system and clean up policies that hinder a unified market and fair competition', '全面落实公平竞争审查制度，清理妨碍统一市场和公平竞争的政策措施'],
      ['Optimise review procedures for concentrations of undertakings and make reviews more effective', '优化经营者集中审查程序，提高审查效能'],
      ['Investigate and punish monopoly agreements and abuse of dominant market positions in accordance with the law', '依法查处垄断协议和滥用市场支配地位行为'],
    ],
  },
  CONSUMER: {
    name: ['consumer protection', '消费者权益保护'],
    by: ['SAMR', 'MOFCOM', 'NBS'],
    industries: [10, 19, 11],
    regional: true,
    subjects: [
      ['consumer rights protection', '消费者权益保护'],
      ['the handling of consumer complaints', '消费投诉处理'],
      ['the consumption environment', '消费环境'],
      ['statistics on total retail sales of consumer goods', '社会消费品零售总额统计', 'NBS'],
      ['the consumer price survey', '居民消费价格调查', 'NBS'],
    ],
    objects: [
      ['industry', 'service consumption', '服务消费'],
      ['market', 'the online trading market', '网络交易市场'],
    ],
    measures: [
      ['Continue the reassuring consumption campaign to create a safe, trustworthy and honest consumption environment', '持续开展放心消费行动，营造安全放心诚信的消费环境'],
      ['Make channels for consumer complaints easier to use and address consumer disputes at source', '畅通消费维权渠道，推进消费纠纷源头治理'],
      ['Crack down on false advertising, price fraud and other infringements of consumer rights in accordance with the law', '依法打击虚假宣传、价格欺诈等侵害消费者权益行为'],
    ],
  },
  SOE: {
    name: ['state-owned enterprises', '国有企业'],
    by: ['MOF', 'CSRC'],
    industries: [3, 6, 14, 1],
    subjects: [
      ['the reform of state-owned enterprises', '国有企业改革'],
      ['market value management of state-controlled listed companies', '国有控股上市公司市值管理'],
      ['the state-owned capital operating budget', '国有资本经营预算'],
    ],
    objects: [
      ['entity', 'state-owned enterprises', '国有企业'],
      ['entity', 'central state-owned enterprises', '中央企业'],
    ],
    measures: [
      ['Deepen the initiative to upgrade state-owned enterprise reform, strengthening core functions and core competitiveness', '深入实施国有企业改革深化提升行动，增强核心功能、提升核心竞争力'],
      ['Improve modern corporate governance of state-owned enterprises with Chinese characteristics', '完善中国特色国有企业现代公司治理'],
      ['Channel state capital into key industries vital to national security and the lifeline of the economy', '推动国有资本向关系国家安全和国民经济命脉的重要行业集中'],
    ],
  },
  PRIVATE: {
    name: ['the private economy', '民营经济'],
    by: ['NDRC', 'SAMR', 'PBOC'],
    industries: [3, 10, 2, 20],
    regional: true,
    subjects: [
      ['financing support for private enterprises', '民营企业融资支持'],
      ['the protection of the property rights of private entrepreneurs', '民营企业家产权保护'],
      ['the clearance of overdue payments to enterprises', '清理拖欠企业账款'],
    ],
    objects: [
      ['entity', 'private enterprises', '民营企业'],
      ['entity', 'individual businesses', '个体工商户'],
      ['industry', 'private investment', '民间投资'],
    ],
    measures: [
      ['Continue to remove market access barriers and support private enterprises in taking part in major national projects', '持续破除市场准入壁垒，支持民营企业参与国家重大项目建设'],
      ['Improve the long-term mechanism for clearing overdue payments owed to enterprises', '完善拖欠企业账款清理长效机制'],
      ['Protect the property rights of private enterprises and the rights of entrepreneurs in accordance with the law', '依法保护民营企业产权和企业家权益'],
    ],
  },
  FOODSAFE: {
    name: ['food and drug safety', '食品药品安全'],
    by: ['SAMR', 'NHC'],
    industries: [4, 7, 19, 17],
    subjects: [
      ['food safety supervision', '食品安全监管'],
      ['the quality and safety of drugs and medical devices', '药品医疗器械质量安全'],
      ['the supervision of infant formula', '婴幼儿配方乳粉监管'],
      ['national food safety standards', '食品安全国家标准', 'NHC'],
      ['food safety risk monitoring', '食品安全风险监测', 'NHC'],
    ],
    objects: [
      ['industry', 'the food industry', '食品行业'],
      ['industry', 'the pharmaceutical industry', '医药行业'],
      ['industry', 'online catering services', '网络餐饮服务'],
    ],
    measures: [
      ['Implement the dual responsibility system for food safety and enforce the primary responsibility of producers and distributors', '落实食品安全“两个责任”，强化生产经营企业主体责任'],
      ['Strengthen life-cycle supervision of drugs and crack down on the manufacture and sale of counterfeit and substandard drugs', '加强药品全生命周期监管，严厉打击制售假劣药品行为'],
      ['Improve the food safety standards system and strengthen risk monitoring and sampling inspections', '完善食品安全标准体系，加强风险监测和抽检'],
    ],
  },
  EMPLOY: {
    name: ['employment', '就业'],
    by: ['MOHRSS', 'NBS'],
    industries: [20, 9, 3],
    regional: true,
    subjects: [
      ['the employment of college graduates', '高校毕业生就业'],
      ['employment-first policies', '就业优先政策'],
      ['the labour rights of workers in new forms of employment', '新就业形态劳动者权益保障'],
      ['the labour force survey', '劳动力调查', 'NBS'],
      ['statistics on wages of employed persons', '就业人员工资统计', 'NBS'],
      ['the surveyed urban unemployment rate', '城镇调查失业率', 'NBS'],
    ],
    objects: [['industry', 'the human resources services industry', '人力资源服务业']],
    measures: [
      ['Implement the employment-first strategy and make stabilising employment a priority of macro regulation', '实施就业优先战略，把稳就业作为宏观调控的优先目标'],
      ['Expand job opportunities for college graduates and other young people and implement one-off job expansion subsidies', '扩大高校毕业生等青年就业岗位供给，落实一次性扩岗补助'],
      ['Safeguard the labour and social security rights of workers in new forms of employment', '维护新就业形态劳动者劳动保障权益'],
    ],
  },
  PENSION: {
    name: ['pensions and social security', '养老保险和社会保障'],
    by: ['MOHRSS', 'MOF', 'NHC'],
    industries: [1, 4, 20],
    regional: true,
    subjects: [
      ['the private pension system', '个人养老金制度'],
      ['national pooling of basic pension insurance for enterprise employees', '企业职工基本养老保险全国统筹'],
      ['the gradual raising of the statutory retirement age', '渐进式延迟法定退休年龄'],
      ['the integration of medical and elderly care', '医养结合', 'NHC'],
      ['health management services for the elderly', '老年人健康管理服务', 'NHC'],
    ],
    objects: [
      ['industry', 'the silver economy', '银发经济'],
      ['industry', 'elderly care services', '养老服务'],
    ],
    measures: [
      ['Implement the private pension system nationwide and diversify private pension products', '在全国范围内实施个人养老金制度，丰富个人养老金产品'],
      ['Steadily raise the minimum basic pension for rural and non-working urban residents', '稳步提高城乡居民基础养老金最低标准'],
      ['Strengthen supervision of social insurance funds to keep them safe', '加强社会保险基金监管，确保基金安全'],
    ],
  },
  HEALTH: {
    name: ['public health', '公共卫生'],
    by: ['NHC'],
    industries: [4, 17, 20],
    regional: true,
    subjects: [
      ['the reform of public hospitals', '公立医院改革'],
      ['the prevention and control of infectious diseases', '传染病防控'],
      ['the tiered diagnosis and treatment system', '分级诊疗制度'],
    ],
    objects: [
      ['industry', 'public hospitals', '公立医院'],
      ['industry', 'innovative drugs', '创新药'],
      ['industry', 'primary healthcare services', '基层医疗卫生服务'],
    ],
    measures: [
      ['Expand high-quality medical resources, extend them to lower levels and distribute them evenly across regions', '推动优质医疗资源扩容下沉和区域均衡布局'],
      ['Improve the infectious disease monitoring and early warning system and strengthen emergency response capabilities', '完善传染病监测预警体系，提升应急处置能力'],
      ['Deepen the coordinated development and governance of medical insurance, medical services and pharmaceuticals', '深化医保、医疗、医药协同发展和治理'],
    ],
  },
  EDU: {
    name: ['education and skills', '教育和技能培训'],
    by: ['MOHRSS'],
    industries: [9, 20, 2],
    regional: true,
    subjects: [
      ['the training of highly skilled personnel', '高技能人才培养'],
      ['the integration of industry and education', '产教融合'],
      ['the vocational skill grading system', '职业技能等级制度'],
    ],
    objects: [
      ['industry', 'vocational education', '职业教育'],
      ['industry', 'vocational skills training', '职业技能培训'],
    ],
    measures: [
      ['Deepen industry-education integration and school-enterprise cooperation and promote integrated work-study training of skilled workers', '深化产教融合、校企合作，推行工学一体化技能人才培养模式'],
      ['Improve the vocational skill grading system and open up career paths for skilled workers', '健全职业技能等级制度，畅通技能人才成长通道'],
      ['Carry out a digital skills upgrading campaign and train talent urgently needed by the digital economy', '实施数字技能提升行动，培养数字经济急需人才'],
    ],
  },
  CARBON: {
    name: ['carbon neutrality', '碳达峰碳中和'],
    by: ['NDRC', 'MIIT'],
    industries: [6, 18, 3, 15],
    regional: true,
    subjects: [
      ['carbon peaking in the industrial sector', '工业领域碳达峰'],
      ['the dual control of carbon emissions', '碳排放双控'],
      ['the product carbon footprint management system', '产品碳足迹管理体系'],
    ],
    objects: [
      ['market', 'the national carbon market', '全国碳市场'],
      ['market', 'the voluntary greenhouse gas emission reduction trading market', '温室气体自愿减排交易市场'],
    ],
    measures: [
      ['Gradually expand the sectors covered by the national carbon emissions trading market', '逐步扩大全国碳排放权交易市场行业覆盖范围'],
      ['Shift gradually from dual control of energy consumption to dual control of total carbon emissions and carbon intensity', '推动能耗双控逐步转向碳排放总量和强度双控'],
      ['Establish accounting rules and standards for product carbon footprints', '建立产品碳足迹核算规则和标准体系'],
    ],
  },
  RENEW: {
    name: ['renewable energy', '可再生能源'],
    by: ['NDRC'],
    industries: [6, 3, 18],
    regional: true,
    subjects: [
      ['market-based pricing of new energy power', '新能源上网电价市场化'],
      ['the consumption of renewable energy power', '可再生能源电力消纳'],
      ['the construction of large wind and solar power bases', '大型风电光伏基地建设'],
    ],
    objects: [
      ['industry', 'renewable energy', '可再生能源'],
      ['industry', 'new-type energy storage', '新型储能'],
      ['industry', 'distributed photovoltaics', '分布式光伏'],
    ],
    measures: [
      ['Accelerate the construction of large wind and solar power bases, with the focus on desert and Gobi areas', '加快建设以沙漠、戈壁、荒漠地区为重点的大型风电光伏基地'],
      ['Move all new energy power into the electricity market so that prices are formed through market trading', '推动新能源上网电量全面进入电力市场，通过市场交易形成价格'],
      ['Improve the regulating capacity of the power system and promote large-scale use of new-type energy storage', '提升电力系统调节能力，推动新型储能规模化应用'],
    ],
  },
  POLLUTION: {
    name: ['pollution control', '污染防治'],
    by: ['NDRC', 'MIIT'],
    industries: [18, 15, 3, 6],
    regional: true,
    subjects: [
      ['the continuous improvement of air quality', '空气质量持续改善'],
      ['the pollution discharge permit system', '排污许可制度'],
      ['the control of new pollutants', '新污染物治理'],
      ['ultra-low emission upgrades in the steel industry', '钢铁行业超低排放改造'],
    ],
    objects: [['industry', 'the environmental protection industry', '环保产业']],
    measures: [
      ['Press ahead with the campaigns to keep skies blue, waters clear and lands clean', '深入打好蓝天、碧水、净土保卫战'],
      ['Promote ultra-low emission upgrades in key industries and strengthen coordinated control of multiple pollutants', '推动重点行业超低排放改造，强化多污染物协同控制'],
      ['Fully implement the pollution discharge permit system and strengthen supervision of stationary pollution sources', '全面实行排污许可制度，强化固定污染源监管'],
    ],
  },
  PROPERTY: {
    name: ['the property market', '房地产市场'],
    by: ['PBOC', 'MOF', 'NBS'],
    industries: [5, 14, 1],
    regional: true,
    goal: ['promote the stable and healthy development of the real estate market', '促进房地产市场平稳健康发展'],
    subjects: [
      ['the urban real estate financing coordination mechanism', '城市房地产融资协调机制'],
      ['differentiated housing credit policies', '差别化住房信贷政策'],
      ['the construction of affordable housing', '保障性住房建设'],
      ['statistics on housing sale prices in 70 large and medium-sized cities', '70个大中城市商品住宅销售价格统计', 'NBS'],
      ['statistics on real estate development and investment', '房地产开发投资统计', 'NBS'],
    ],
    objects: [
      ['market', 'the real estate market', '房地产市场'],
      ['market', 'the housing rental market', '住房租赁市场'],
      ['entity', 'real estate developers', '房地产企业'],
    ],
    measures: [
      ["Relax restrictive measures city by city and better meet residents' basic and improved housing needs", '因城施策调减限制性措施，更好满足居民刚性和改善性住房需求'],
      ['Expand the “white list” of compliant real estate projects and ensure housing projects are completed and delivered', '推动合规房地产项目“白名单”扩围增效，保障住房项目建设交付'],
      ['Accelerate a new development model for real estate and advance the construction of affordable housing', '加快构建房地产发展新模式，推进保障性住房建设'],
    ],
  },
  URBAN: {
    name: ['urbanisation', '城镇化'],
    by: ['NDRC', 'NBS'],
    industries: [14, 5, 8],
    regional: true,
    subjects: [
      ['new urbanisation', '新型城镇化'],
      ['granting urban residency to people moving from rural areas', '农业转移人口市民化'],
      ['the renovation of old urban residential communities', '城镇老旧小区改造'],
      ['the division of urban and rural areas for statistical purposes', '统计上划分城乡', 'NBS'],
      ['the national population sample survey', '全国人口抽样调查', 'NBS'],
      ['statistical monitoring of the urbanisation rate', '城镇化率统计监测', 'NBS'],
    ],
    objects: [
      ['programme', 'urban renewal', '城市更新'],
      ['programme', 'the renovation of urban villages', '城中村改造'],
    ],
    measures: [
      ['Pursue a people-centred new urbanisation strategy and grant urban residency to people who move from rural areas', '深入实施以人为本的新型城镇化战略，推进农业转移人口市民化'],
      ['Carry out urban renewal steadily and renovate urban villages and old residential communities', '稳步实施城市更新行动，推进城中村和老旧小区改造'],
      ['Improve the overall carrying capacity of county seats and promote integrated urban-rural development', '提升县城综合承载能力，推动城乡融合发展'],
    ],
  },
  RURAL: {
    name: ['rural revitalisation', '乡村振兴'],
    by: ['PBOC', 'NDRC', 'MOF', 'NBS'],
    industries: [7, 19, 1],
    regional: true,
    subjects: [
      ['financial services for rural revitalisation', '金融服务乡村全面振兴'],
      ['the consolidation of poverty alleviation achievements', '巩固拓展脱贫攻坚成果'],
      ['grain production', '粮食生产'],
      ['the rural household survey', '农村住户调查', 'NBS'],
      ['the grain output survey', '粮食产量调查', 'NBS'],
      ['the national agricultural census', '全国农业普查', 'NBS'],
    ],
    objects: [
      ['programme', 'high-standard farmland construction', '高标准农田建设'],
      ['industry', 'rural industries', '乡村产业'],
      ['industry', 'the seed industry', '种业'],
    ],
    measures: [
      ['Keep the area sown to grain and grain output stable and safeguard national food security', '确保粮食播种面积和产量保持稳定，守牢国家粮食安全底线'],
      ['Consolidate and expand the achievements of poverty alleviation and prevent any large-scale relapse into poverty', '巩固拓展脱贫攻坚成果，守住不发生规模性返贫致贫底线'],
      ['Increase agriculture-related lending and improve the agricultural insurance system', '加大涉农信贷投放，完善农业保险保障体系'],
    ],
  },
  GBA: {
    name: ['the Greater Bay Area', '粤港澳大湾区'],
    by: ['HKMA', 'PBOC', 'CSRC', 'SAFE'],
    industries: [1, 8, 20, 2],
    goal: ["support Hong Kong in better integrating into the country's overall development", '支持香港更好融入国家发展大局'],
    subjects: [
      ['the financial opening-up of Qianhai and Hengqin', '前海、横琴金融开放'],
      ['the interconnection of financial markets between the mainland and Hong Kong', '内地与香港金融市场互联互通'],
      ['cross-border payments in the Greater Bay Area', '粤港澳大湾区跨境支付'],
      ['Southbound Bond Connect', '“南向通”债券交易', 'HKMA'],
      ['cross-boundary credit referencing in the Greater Bay Area', '大湾区跨境征信互通', 'HKMA'],
    ],
    objects: [
      ['programme', 'the Cross-boundary Wealth Management Connect', '跨境理财通'],
      ['market', 'the offshore renminbi market', '离岸人民币市场'],
    ],
    measures: [
      ['Optimise the Cross-boundary Wealth Management Connect in the Greater Bay Area and widen the range of eligible institutions and products', '优化粤港澳大湾区跨境理财通业务，扩大参与机构和产品范围'],
      ["Deepen the connectivity of financial markets between the mainland and Hong Kong and consolidate Hong Kong's status as an international financial centre", '深化内地与香港金融市场互联互通，巩固提升香港国际金融中心地位'],
      ['Make cross-border payments in the Greater Bay Area easier and support Hong Kong and Macao residents in using mobile payments on the mainland', '推进大湾区跨境支付便利化，支持港澳居民在内地使用移动支付'],
      ['Widen the range of eligible products under the Cross-boundary Wealth Management Connect and raise individual investor quotas', '扩大跨境理财通的合资格产品范围，提高个人投资者额度', 'HKMA'],
    ],
  },
};

/** The aspects an object can be combined with, per group: [English prefix, Chinese suffix]. */
const aspects: Record<ObjectGroup, readonly Pair[]> = {
  market: [
    ['the basic institutions of ', '基础制度'],
    ['the supervision of ', '监管'],
    ['risk prevention and control in ', '风险防控'],
    ['information disclosure in ', '信息披露'],
    ['trading practices in ', '交易行为'],
    ['statistical monitoring of ', '统计监测'],
  ],
  industry: [
    ['the standards system for ', '标准体系'],
    ['the regulation of ', '监管'],
    ['statistical monitoring of ', '统计监测'],
    ['the policy support system for ', '政策支持体系'],
    ['talent development in ', '人才队伍建设'],
    ['innovation capacity in ', '创新能力建设'],
  ],
  programme: [
    ['fund management for ', '资金管理'],
    ['performance evaluation of ', '绩效评价'],
    ['the implementation of ', '实施工作'],
    ['supervision and inspection of ', '监督检查'],
    ['supporting policies for ', '配套政策'],
  ],
  entity: [
    ['information disclosure by ', '信息披露'],
    ['compliance management at ', '合规管理'],
    ['the supervision and administration of ', '监督管理'],
    ['financing support for ', '融资支持'],
    ['credit evaluation of ', '信用评价'],
  ],
};

type Action = { title: string; verb: string; pre: string; post: string };

/** Actions per kind of subject, so that "Promoting the High-Quality Development of" only meets nouns it fits. */
const actions: Record<SubjectKind, readonly Action[]> = {
  rule: [
    act('Further Strengthening', 'further strengthen', '进一步加强', ''),
    act('Strengthening and Improving', 'strengthen and improve', '加强和改进', ''),
    act('Improving', 'improve', '完善', ''),
    act('Further Improving', 'further improve', '进一步完善', ''),
    act('Accelerating the Improvement of', 'accelerate the improvement of', '加快完善', ''),
    act('Standardising', 'standardise', '规范', ''),
    act('Further Standardising', 'further standardise', '进一步规范', ''),
    act('Optimising', 'optimise', '优化', ''),
    act('Doing a Good Job in', 'do a good job in', '做好', '工作'),
    act('Comprehensively Strengthening', 'comprehensively strengthen', '全面加强', ''),
    act('Effectively Strengthening', 'effectively strengthen', '切实加强', ''),
    act('Further Optimising', 'further optimise', '进一步优化', ''),
    act('Innovating and Improving', 'innovate and improve', '创新和完善', ''),
  ],
  market: [
    act('Promoting the High-Quality Development of', 'promote the high-quality development of', '推动', '高质量发展'),
    act('Promoting the Stable and Healthy Development of', 'promote the stable and healthy development of', '促进', '平稳健康发展'),
    act('Deepening the Reform of', 'deepen the reform of', '深化', '改革'),
    act('Promoting the Standardised Development of', 'promote the standardised development of', '推动', '规范发展'),
    act('Further Strengthening the Supervision of', 'further strengthen the supervision of', '进一步加强', '监管'),
    act('Further Standardising the Development of', 'further standardise the development of', '进一步规范', '发展'),
  ],
  industry: [
    act('Promoting the High-Quality Development of', 'promote the high-quality development of', '推动', '高质量发展'),
    act('Supporting the Development of', 'support the development of', '支持', '发展'),
    act('Accelerating the Development of', 'accelerate the development of', '加快发展', ''),
    act('Cultivating and Expanding', 'cultivate and expand', '培育壮大', ''),
    act('Promoting the Healthy Development of', 'promote the healthy development of', '促进', '健康发展'),
    act('Stepping Up Support for', 'step up support for', '加大对', '支持力度'),
  ],
  programme: [
    act('Steadily Advancing', 'steadily advance', '稳步推进', ''),
    act('Further Advancing', 'further advance', '进一步推进', ''),
    act('Solidly Advancing', 'solidly advance', '扎实推进', ''),
    act('Further Standardising', 'further standardise', '进一步规范', ''),
    act('Doing a Good Job in', 'do a good job in', '做好', '工作'),
  ],
  entity: [
    act('Supporting the Development of', 'support the development of', '支持', '发展'),
    act('Promoting the High-Quality Development of', 'promote the high-quality development of', '推动', '高质量发展'),
    act('Further Optimising Services for', 'further optimise services for', '进一步优化', '服务'),
    act('Stepping Up Support for', 'step up support for', '加大对', '支持力度'),
  ],
};

function act(title: string, verb: string, pre: string, post: string): Action {
  return { title, verb, pre, post };
}

const regions: readonly (readonly [title: string, zh: string])[] = [
  ['in the Beijing-Tianjin-Hebei Region', '京津冀地区'],
  ['in the Yangtze River Delta', '长三角地区'],
  ['in the Guangdong-Hong Kong-Macao Greater Bay Area', '粤港澳大湾区'],
  ['in the Chengdu-Chongqing Economic Circle', '成渝地区双城经济圈'],
  ['in Pilot Free Trade Zones', '自由贸易试验区'],
  ['in the Hainan Free Trade Port', '海南自由贸易港'],
  ['in Northeast China', '东北地区'],
  ['in the Central and Western Regions', '中西部地区'],
  ['along the Yangtze River Economic Belt', '长江经济带'],
  ['in the Yellow River Basin', '黄河流域'],
  ["in the Xiong'an New Area", '雄安新区'],
  ['at County Level', '县域'],
  ['in Border Areas', '边境地区'],
  ['in Resource-Based Regions', '资源型地区'],
];

// ---------------------------------------------------------------------------------------------
// Document types and departments.
// ---------------------------------------------------------------------------------------------

type TitleForm = 'about' | 'rules' | 'plan' | 'announcement' | 'keyPoints';
type Effect = 'issue' | 'print' | 'date';
type DocType = {
  en: string;
  zh: string;
  form: TitleForm;
  /** How the body refers to itself: "this Notice" / 本通知. */
  ref: Pair;
  /** The end of the preamble. */
  lead: Pair;
  effect: Effect;
  /** Formal last line ("特此通知。"), if the genre has one. */
  sign?: Pair;
};

const noticeLead: Pair = ['the relevant matters are hereby notified as follows:', '现就有关事项通知如下：'];
const opinionsLead: Pair = ['the following opinions are hereby put forward.', '现提出如下意见。'];

const docTypes = {
  notice: { en: 'Notice', zh: '通知', form: 'about', ref: ['this Notice', '本通知'], lead: noticeLead, effect: 'issue', sign: ['Notice is hereby given.', '特此通知。'] },
  opinions: { en: 'Opinions', zh: '意见', form: 'about', ref: ['these Opinions', '本意见'], lead: opinionsLead, effect: 'print' },
  guidingOpinions: { en: 'Guiding Opinions', zh: '指导意见', form: 'about', ref: ['these Opinions', '本意见'], lead: opinionsLead, effect: 'print' },
  severalOpinions: { en: 'Several Opinions', zh: '若干意见', form: 'about', ref: ['these Opinions', '本意见'], lead: opinionsLead, effect: 'print' },
  implOpinions: { en: 'Implementation Opinions', zh: '实施意见', form: 'about', ref: ['these Opinions', '本意见'], lead: opinionsLead, effect: 'print' },
  severalMeasures: { en: 'Several Measures', zh: '若干措施', form: 'about', ref: ['these Measures', '本措施'], lead: ['the following measures are hereby put forward.', '现提出如下措施。'], effect: 'print' },
  decision: { en: 'Decision', zh: '决定', form: 'about', ref: ['this Decision', '本决定'], lead: ['it is hereby decided as follows:', '决定如下：'], effect: 'issue' },
  measures: { en: 'Measures', zh: '办法', form: 'rules', ref: ['these Measures', '本办法'], lead: ['these Measures are formulated.', '制定本办法。'], effect: 'date' },
  interimMeasures: { en: 'Interim Measures', zh: '暂行办法', form: 'rules', ref: ['these Measures', '本办法'], lead: ['these Measures are formulated.', '制定本办法。'], effect: 'date' },
  provisions: { en: 'Provisions', zh: '规定', form: 'rules', ref: ['these Provisions', '本规定'], lead: ['these Provisions are formulated.', '制定本规定。'], effect: 'date' },
  guidelines: { en: 'Guidelines', zh: '指引', form: 'rules', ref: ['these Guidelines', '本指引'], lead: ['these Guidelines are formulated.', '制定本指引。'], effect: 'issue' },
  implPlan: { en: 'Implementation Plan', zh: '实施方案', form: 'plan', ref: ['this Plan', '本方案'], lead: ['this Plan is formulated.', '制定本方案。'], effect: 'print' },
  actionPlan: { en: 'Action Plan', zh: '行动方案', form: 'plan', ref: ['this Plan', '本方案'], lead: ['this Plan is formulated.', '制定本方案。'], effect: 'print' },
  workPlan: { en: 'Work Plan', zh: '工作方案', form: 'plan', ref: ['this Plan', '本方案'], lead: ['this Plan is formulated.', '制定本方案。'], effect: 'print' },
  announcement: { en: 'Announcement', zh: '公告', form: 'announcement', ref: ['this Announcement', '本公告'], lead: ['the relevant matters are hereby announced as follows:', '现将有关事项公告如下：'], effect: 'issue', sign: ['It is hereby announced.', '特此公告。'] },
  keyPoints: { en: 'Key Points', zh: '工作要点', form: 'keyPoints', ref: ['these Key Points', '本要点'], lead: ['these Key Points are formulated.', '制定本要点。'], effect: 'print' },
  circular: { en: 'Circular', zh: '通函', form: 'about', ref: ['this Circular', '本通函'], lead: noticeLead, effect: 'issue' },
} satisfies Record<string, DocType>;

type DocTypeKey = keyof typeof docTypes;

/** Names of the rule-making genres, keyed by the document type's Chinese name. */
const ruleNames: Record<string, readonly Pair[]> = {
  规定: [['Provisions on', '规定'], ['Supplementary Provisions on', '补充规定'], ['Implementing Provisions on', '实施规定']],
  指引: [['Guidelines for', '指引'], ['Operational Guidelines for', '操作指引'], ['Compliance Guidelines for', '合规指引'], ['Work Guidelines for', '工作指引']],
  办法: [['Measures for', '办法'], ['Administrative Measures for', '管理办法'], ['Implementing Measures for', '实施办法']],
  暂行办法: [['Interim Measures for', '暂行办法'], ['Interim Administrative Measures for', '管理暂行办法']],
};

type DepartmentProfile = {
  /** Short English name used in running text after "the". */
  short: string;
  /** Issuer as written before 关于 in the Chinese heading. */
  issuerZh: string;
  addressee?: Pair;
  /** Document number prefixes: [pinyin, Chinese]. */
  docNumbers: readonly Pair[];
  laws: readonly Pair[];
  /** Weighted: a type listed twice is twice as likely. */
  docs: readonly DocTypeKey[];
  hongKong?: boolean;
  url: (d: DateParts, id: string) => string;
};

type DateParts = { y: string; m: string; d: string };

const mainlandDocs: readonly DocTypeKey[] = [
  'notice', 'notice', 'notice', 'guidingOpinions', 'guidingOpinions', 'opinions', 'implOpinions', 'severalMeasures', 'measures',
  'interimMeasures', 'provisions', 'implPlan', 'actionPlan', 'announcement', 'guidelines', 'keyPoints',
];

const provincialAddressee = (en: string, zh: string): Pair => [
  `To the ${en} of all provinces, autonomous regions and municipalities directly under the Central Government and of the Xinjiang Production and Construction Corps:`,
  `各省、自治区、直辖市及新疆生产建设兵团${zh}：`,
];

const departmentProfiles: Record<DepartmentCode, DepartmentProfile> = {
  CSRC: {
    short: 'CSRC',
    issuerZh: '中国证监会',
    addressee: ['To all CSRC regional offices, securities and futures exchanges, securities companies and fund management companies:', '各派出机构，各证券期货交易所，各证券公司、基金管理公司：'],
    docNumbers: [['Zhengjianfa', '证监发']],
    laws: [['Securities Law of the People\'s Republic of China', '中华人民共和国证券法'], ['Company Law of the People\'s Republic of China', '中华人民共和国公司法']],
    docs: ['provisions', 'measures', 'measures', 'guidelines', 'notice', 'announcement', 'opinions', 'guidingOpinions', 'interimMeasures'],
    url: (_d, id) => `http://www.csrc.gov.cn/csrc/c100028/c${id}/content.shtml`,
  },
  PBOC: {
    short: 'PBOC',
    issuerZh: '中国人民银行',
    addressee: ["To the Shanghai Head Office and all provincial branches of the People's Bank of China, and all state-owned and joint-stock commercial banks:", '中国人民银行上海总部，各省、自治区、直辖市及计划单列市分行；各国有商业银行，各股份制商业银行：'],
    docNumbers: [['Yinfa', '银发']],
    laws: [["Law of the People's Republic of China on the People's Bank of China", '中华人民共和国中国人民银行法'], ["Commercial Banking Law of the People's Republic of China", '中华人民共和国商业银行法']],
    docs: ['notice', 'notice', 'announcement', 'measures', 'guidingOpinions', 'interimMeasures', 'provisions', 'opinions'],
    url: (_d, id) => `http://www.pbc.gov.cn/tiaofasi/144941/144957/${id}/index.html`,
  },
  NBS: {
    short: 'NBS',
    issuerZh: '国家统计局',
    addressee: provincialAddressee('statistics bureaus', '统计局'),
    docNumbers: [['Guotongzi', '国统字']],
    laws: [["Statistics Law of the People's Republic of China", '中华人民共和国统计法']],
    docs: ['notice', 'notice', 'announcement', 'measures', 'implPlan', 'provisions'],
    url: (d, id) => `https://www.stats.gov.cn/sj/zxfb/${d.y}${d.m}/t${d.y}${d.m}${d.d}_${id}.html`,
  },
  SC: {
    short: 'State Council',
    issuerZh: '国务院',
    addressee: ['To the people\'s governments of all provinces, autonomous regions and municipalities directly under the Central Government, and all ministries, commissions and agencies directly under the State Council:', '各省、自治区、直辖市人民政府，国务院各部委、各直属机构：'],
    docNumbers: [['Guofa', '国发'], ['Guobanfa', '国办发']],
    laws: [],
    docs: ['opinions', 'opinions', 'guidingOpinions', 'guidingOpinions', 'severalOpinions', 'severalMeasures', 'implOpinions', 'notice', 'notice', 'actionPlan', 'implPlan', 'workPlan', 'decision'],
    url: (d, id) => `https://www.gov.cn/zhengce/content/${d.y}${d.m}/content_${id}.htm`,
  },
  SAFE: {
    short: 'SAFE',
    issuerZh: '国家外汇管理局',
    addressee: ['To all branches of the State Administration of Foreign Exchange and all national Chinese-funded banks:', '国家外汇管理局各省、自治区、直辖市、计划单列市分局；各全国性中资银行：'],
    docNumbers: [['Huifa', '汇发']],
    laws: [["Regulations of the People's Republic of China on Foreign Exchange Administration", '中华人民共和国外汇管理条例']],
    docs: ['notice', 'notice', 'notice', 'guidelines', 'measures', 'announcement'],
    url: (d, id) => `https://www.safe.gov.cn/safe/${d.y}/${d.m}${d.d}/${id}.html`,
  },
  SAMR: {
    short: 'SAMR',
    issuerZh: '市场监管总局',
    addressee: provincialAddressee('market regulation departments', '市场监管局（厅、委）'),
    docNumbers: [['Guoshijianfa', '国市监发']],
    laws: [["Anti-Monopoly Law of the People's Republic of China", '中华人民共和国反垄断法'], ["Law of the People's Republic of China on the Protection of Consumer Rights and Interests", '中华人民共和国消费者权益保护法'], ["Food Safety Law of the People's Republic of China", '中华人民共和国食品安全法']],
    docs: mainlandDocs,
    url: (d, id) => `https://www.samr.gov.cn/zw/zfxxgk/fdzdgknr/fgs/art/${d.y}/art_${id}.html`,
  },
  NDRC: {
    short: 'NDRC',
    issuerZh: '国家发展改革委',
    addressee: provincialAddressee('development and reform commissions', '发展改革委'),
    docNumbers: [['Fagai', '发改']],
    laws: [["Price Law of the People's Republic of China", '中华人民共和国价格法']],
    docs: mainlandDocs,
    url: (d, id) => `https://www.ndrc.gov.cn/xxgk/zcfb/tz/${d.y}${d.m}/t${d.y}${d.m}${d.d}_${id}.html`,
  },
  MIIT: {
    short: 'MIIT',
    issuerZh: '工业和信息化部',
    addressee: provincialAddressee('industry and information technology authorities', '工业和信息化主管部门'),
    docNumbers: [['Gongxinbufa', '工信部发']],
    laws: [["Data Security Law of the People's Republic of China", '中华人民共和国数据安全法'], ["Cybersecurity Law of the People's Republic of China", '中华人民共和国网络安全法']],
    docs: mainlandDocs,
    url: (d, id) => `https://www.miit.gov.cn/zwgk/zcwj/wjfb/tz/art/${d.y}/art_${id}.html`,
  },
  MOF: {
    short: 'Ministry of Finance',
    issuerZh: '财政部',
    addressee: provincialAddressee('finance departments (bureaus)', '财政厅（局）'),
    docNumbers: [['Caijian', '财建'], ['Caishui', '财税'], ['Caiyu', '财预']],
    laws: [["Budget Law of the People's Republic of China", '中华人民共和国预算法']],
    docs: mainlandDocs,
    url: (d, id) => `https://www.mof.gov.cn/zhengwuxinxi/zhengcefabu/${d.y}${d.m}/t${d.y}${d.m}${d.d}_${id}.htm`,
  },
  MOFCOM: {
    short: 'Ministry of Commerce',
    issuerZh: '商务部',
    addressee: provincialAddressee('commerce authorities', '商务主管部门'),
    docNumbers: [['Shangmaofa', '商贸发'], ['Shangzifa', '商资发']],
    laws: [["Foreign Trade Law of the People's Republic of China", '中华人民共和国对外贸易法'], ["Foreign Investment Law of the People's Republic of China", '中华人民共和国外商投资法'], ["Export Control Law of the People's Republic of China", '中华人民共和国出口管制法']],
    docs: mainlandDocs,
    url: (d, id) => `http://www.mofcom.gov.cn/article/zcfb/zcwg/${d.y}${d.m}/${d.y}${d.m}${d.d}${id}.shtml`,
  },
  MOFA: {
    short: 'Ministry of Foreign Affairs',
    issuerZh: '外交部',
    docNumbers: [],
    laws: [["Anti-Foreign Sanctions Law of the People's Republic of China", '中华人民共和国反外国制裁法'], ["Foreign Relations Law of the People's Republic of China", '中华人民共和国对外关系法']],
    docs: ['announcement', 'announcement', 'decision', 'notice'],
    url: (d, id) => `https://www.mfa.gov.cn/web/zyxw/${d.y}${d.m}/t${d.y}${d.m}${d.d}_${id}.shtml`,
  },
  HKMA: {
    short: 'HKMA',
    issuerZh: '香港金融管理局',
    addressee: ['To: All Authorized Institutions', '致：所有认可机构'],
    docNumbers: [],
    laws: [['Banking Ordinance (Cap. 155)', '银行业条例（第155章）']],
    docs: ['circular', 'circular', 'circular', 'guidelines', 'announcement'],
    hongKong: true,
    url: (d, id) => `https://www.hkma.gov.hk/eng/news-and-media/press-releases/${d.y}/${d.m}/${d.y}${d.m}${d.d}-${id}/`,
  },
  NHC: {
    short: 'NHC',
    issuerZh: '国家卫生健康委',
    addressee: provincialAddressee('health commissions', '卫生健康委'),
    docNumbers: [['Guoweiyifa', '国卫医发']],
    laws: [["Law of the People's Republic of China on Basic Medical and Health Care and the Promotion of Health", '中华人民共和国基本医疗卫生与健康促进法']],
    docs: mainlandDocs,
    url: (d, id) => `http://www.nhc.gov.cn/yzygj/s7659/${d.y}${d.m}/${id}.shtml`,
  },
  MOHRSS: {
    short: 'MOHRSS',
    issuerZh: '人力资源社会保障部',
    addressee: provincialAddressee('human resources and social security departments (bureaus)', '人力资源社会保障厅（局）'),
    docNumbers: [['Renshebufa', '人社部发']],
    laws: [["Employment Promotion Law of the People's Republic of China", '中华人民共和国就业促进法'], ["Social Insurance Law of the People's Republic of China", '中华人民共和国社会保险法']],
    docs: mainlandDocs,
    url: (d, id) => `https://www.mohrss.gov.cn/SYrlzyhshbzb/zcfg/flfg/gfxwj/${d.y}${d.m}/t${d.y}${d.m}${d.d}_${id}.html`,
  },
};

/** Share of policies per department, in percent (the State Council and the regulators publish most). */
const departmentWeights: Record<DepartmentCode, number> = {
  SC: 12, PBOC: 11, CSRC: 10, NDRC: 9, MIIT: 9, MOF: 8, MOFCOM: 8, SAMR: 7, SAFE: 5, NHC: 5, MOHRSS: 5, NBS: 4, HKMA: 4, MOFA: 3,
};

/** Goals (infinitive phrase, preamble and general requirements) and the outcome sentence, per topic category. */
const categoryGoals: readonly { goals: readonly Pair[]; result: Pair }[] = [
  {
    goals: [['strive to improve the quality and efficiency of financial services for the real economy', '着力提升金融服务实体经济质效'], ['effectively prevent and defuse financial risks', '切实防范化解金融风险']],
    result: ['financial services for the real economy will be markedly more effective', '金融服务实体经济质效明显提升'],
  },
  {
    goals: [['give better play to the role of proactive fiscal policy', '更好发挥积极财政政策作用'], ['strengthen fiscal sustainability', '增强财政可持续性']],
    result: ['fiscal funds will be used markedly more efficiently', '财政资金使用效益明显提高'],
  },
  {
    goals: [['steadily expand institutional opening-up', '稳步扩大制度型开放'], ['promote the high-quality development of trade and investment', '推动贸易和投资高质量发展']],
    result: ['trade and investment liberalisation and facilitation will improve markedly', '贸易投资自由化便利化水平明显提升'],
  },
  {
    goals: [['develop new quality productive forces in light of local conditions', '因地制宜发展新质生产力'], ['advance new industrialisation', '推进新型工业化']],
    result: ['the resilience and security of industrial and supply chains will be markedly enhanced', '产业链供应链韧性和安全水平明显提升'],
  },
  {
    goals: [['foster a world-class market-oriented, law-based and internationalised business environment', '营造市场化、法治化、国际化一流营商环境'], ['accelerate the building of a unified national market', '加快建设全国统一大市场']],
    result: ['market order will be more standardised and fair', '市场秩序更加规范公平'],
  },
  {
    goals: [["effectively ensure and improve people's wellbeing", '切实保障和改善民生'], ['improve the multi-tiered social security system', '健全多层次社会保障体系']],
    result: ["people's sense of gain, happiness and security will be further enhanced", '人民群众获得感、幸福感、安全感进一步增强'],
  },
  {
    goals: [['actively and prudently advance carbon peaking and carbon neutrality', '积极稳妥推进碳达峰碳中和'], ['accelerate the green transition of the development model', '加快发展方式绿色转型']],
    result: ['green and low-carbon development will be markedly advanced', '绿色低碳发展水平明显提升'],
  },
  {
    goals: [['promote coordinated regional development', '促进区域协调发展'], ['promote integrated urban-rural development', '推动城乡融合发展']],
    result: ['new progress will be made in coordinated regional development and urban-rural integration', '区域协调发展和城乡融合发展取得新进展'],
  },
];

// ---------------------------------------------------------------------------------------------
// Body text. Sentences are functions of a context so the English and Chinese stay aligned.
// ---------------------------------------------------------------------------------------------

type TextContext = {
  subject: Phrase;
  topic: Phrase;
  goal: Phrase;
  result: Phrase;
  dept: string;
  deptZh: string;
  ref: Phrase;
  year: number;
  deadline: Phrase;
};

type Sentence = { en: (c: TextContext) => string; zh: (c: TextContext) => string };

const mainlandOpeners: readonly Pair[] = [
  ['To thoroughly implement the decisions and arrangements of the CPC Central Committee and the State Council', '为深入贯彻落实党中央、国务院决策部署'],
  ['To implement the guiding principles of the Central Economic Work Conference', '为贯彻落实中央经济工作会议精神'],
  ['To thoroughly implement the guiding principles of the Third Plenary Session of the 20th CPC Central Committee', '为深入贯彻党的二十届三中全会精神'],
  ['To implement the arrangements set out in the Government Work Report', '为贯彻落实《政府工作报告》部署'],
];
const financeOpener: Pair = ['To thoroughly implement the guiding principles of the Central Financial Work Conference', '为深入贯彻落实中央金融工作会议精神'];
const hongKongOpeners: readonly Pair[] = [
  ["To further consolidate Hong Kong's status as an international financial centre", '为进一步巩固香港国际金融中心地位'],
  ['To strengthen the prudential supervision of authorized institutions', '为加强对认可机构的审慎监管'],
  ["To maintain the stability and integrity of Hong Kong's monetary and financial systems", '为维护香港货币及金融体系的稳定与健全'],
];
const hongKongLead: Pair = ['the HKMA sets out the relevant requirements below:', '金管局现公布有关要求如下：'];

const generalHeadings: readonly Pair[] = [
  ['General Requirements', '总体要求'],
  ['Guiding Philosophy', '指导思想'],
  ['Overall Objectives', '总体目标'],
  ['Basic Principles', '基本原则'],
];
const taskHeadings: readonly Pair[] = [
  ['Main Tasks', '主要任务'],
  ['Key Tasks', '重点任务'],
  ['Policy Measures', '政策措施'],
  ['Strengthening Supervision and Administration', '强化监督管理'],
  ['Optimising Services and Support', '优化服务保障'],
  ['Preventing and Defusing Risks', '防范化解风险'],
  ['Deepening Reform and Innovation', '深化改革创新'],
  ['Improving Institutions and Mechanisms', '完善制度机制'],
  ['Stepping Up Policy Support', '加大政策支持力度'],
  ['Advancing Pilot and Demonstration Projects', '推进试点示范'],
];
const safeguardHeadings: readonly Pair[] = [
  ['Safeguard Measures', '保障措施'],
  ['Organisation and Implementation', '组织实施'],
  ['Strengthening Organisational Leadership', '加强组织领导'],
  ['Supervision and Inspection', '监督检查'],
];
const hongKongGeneralHeadings: readonly Pair[] = [['Background', '背景'], ['Scope of Application', '适用范围']];
const hongKongTaskHeadings: readonly Pair[] = [['Supervisory Requirements', '监管要求'], ['Key Measures', '主要措施'], ['Risk Management', '风险管理']];
const hongKongSafeguardHeadings: readonly Pair[] = [['Implementation Arrangements', '实施安排'], ['Transitional Arrangements', '过渡安排']];

const generalSentences: readonly Sentence[] = [
  {
    en: () => 'Guided by Xi Jinping Thought on Socialism with Chinese Characteristics for a New Era, fully implement the guiding principles of the 20th CPC National Congress and the plenary sessions of the 20th CPC Central Committee, apply the new development philosophy fully, accurately and comprehensively, and accelerate the building of a new development pattern.',
    zh: () => '坚持以习近平新时代中国特色社会主义思想为指导，全面贯彻落实党的二十大和二十届历次全会精神，完整准确全面贯彻新发展理念，加快构建新发展格局。',
  },
  {
    en: (c) => `Adhere to the general principle of pursuing progress while ensuring stability, balance development and security and, with ${c.subject.en} as the focus, ${c.goal.en}.`,
    zh: (c) => `坚持稳中求进工作总基调，统筹发展和安全，以${c.subject.zh}为重点，${c.goal.zh}。`,
  },
  {
    en: (c) => `By ${c.year + 1}, the rules governing ${c.subject.en} will be basically sound and ${c.result.en}; by ${c.year + 3}, a more mature and well-defined institutional framework will be in place.`,
    zh: (c) => `到${c.year + 1}年，${c.subject.zh}相关制度规则基本健全，${c.result.zh}；到${c.year + 3}年，形成更加成熟定型的制度体系。`,
  },
  {
    en: () => 'Remain problem-oriented and goal-oriented, follow market-based and law-based principles, and establish the new before abolishing the old, proceeding prudently and in an orderly manner.',
    zh: () => '坚持问题导向和目标导向，坚持市场化、法治化原则，坚持先立后破、稳妥有序。',
  },
  {
    en: (c) => `Take a systematic approach, strengthen policy coordination and make policies related to ${c.subject.en} more consistent and predictable.`,
    zh: (c) => `坚持系统观念，加强政策协同，增强${c.subject.zh}相关政策的一致性和可预期性。`,
  },
];

const hongKongGeneralSentences: readonly Sentence[] = [
  {
    en: () => "The HKMA is committed to maintaining the stability and soundness of Hong Kong's banking system.",
    zh: () => '金管局一直致力维护香港银行体系的稳定和健全。',
  },
  {
    en: (c) => `In light of recent developments in ${c.subject.en}, the HKMA considers it necessary to clarify its supervisory expectations.`,
    zh: (c) => `鉴于${c.subject.zh}方面的最新发展，金管局认为有必要进一步明确有关监管要求。`,
  },
  {
    en: (c) => `${capitalise(c.ref.en)} applies to all authorized institutions incorporated in Hong Kong and to the Hong Kong branches of overseas banks.`,
    zh: (c) => `${c.ref.zh}适用于所有在香港注册成立的认可机构及海外银行的香港分行。`,
  },
];

/** Task sentences that fit any subject; the topic measures carry the specific content. */
const taskSentences: readonly Sentence[] = [
  {
    en: (c) => `Accelerate improvements to the rules governing ${c.subject.en} and make policies more systematic, holistic and coordinated`,
    zh: (c) => `加快完善${c.subject.zh}相关制度规则，增强政策的系统性、整体性和协同性`,
  },
  {
    en: (c) => `Encourage qualified localities to pilot first, and promptly summarise and promote good practices in ${c.subject.en}`,
    zh: (c) => `鼓励有条件的地区先行先试，及时总结推广${c.subject.zh}方面的典型经验做法`,
  },
  {
    en: (c) => `Use big data and other technologies to strengthen supervision of ${c.subject.en} and make supervision more precise and effective`,
    zh: (c) => `运用大数据等技术手段强化${c.subject.zh}领域监管，提升监管的精准性和有效性`,
  },
  {
    en: (c) => `Establish a sound statistical monitoring and evaluation mechanism for ${c.subject.en} and assess policy effects regularly`,
    zh: (c) => `建立健全${c.subject.zh}统计监测和评估机制，定期开展政策效果评估`,
  },
  {
    en: (c) => `Strengthen information sharing and coordination among departments to form a concerted effort on ${c.subject.en}`,
    zh: (c) => `加强部门间信息共享和协同联动，形成推进${c.subject.zh}的工作合力`,
  },
  {
    en: (c) => `Further simplify procedures, shorten processing times and make services related to ${c.subject.en} more convenient`,
    zh: (c) => `进一步简化办事流程，压缩办理时限，提升${c.subject.zh}相关服务的便利化水平`,
  },
  {
    en: () => 'Enforce the primary responsibilities of all parties and deal severely with violations of laws and regulations',
    zh: () => '压实各方主体责任，对违法违规行为依法严肃查处',
  },
  {
    en: (c) => `Step up policy support in the field of ${c.topic.en} and guide private capital to participate in an orderly manner`,
    zh: (c) => `加大${c.topic.zh}领域政策支持力度，引导社会资本有序参与`,
  },
  {
    en: (c) => `Strengthen the talent pool in ${c.topic.en} and expand international exchanges and cooperation`,
    zh: (c) => `加强${c.topic.zh}领域人才队伍建设，扩大国际交流合作`,
  },
  {
    en: (c) => `Launch special campaigns in ${c.topic.en} to tackle prominent problems of strong public concern`,
    zh: (c) => `开展${c.topic.zh}领域专项整治行动，集中解决群众反映强烈的突出问题`,
  },
];

const hongKongTaskSentences: readonly Sentence[] = [
  {
    en: (c) => `Authorized institutions should establish a sound internal control and risk management framework for ${c.subject.en}`,
    zh: (c) => `认可机构应就${c.subject.zh}建立健全内部管控和风险管理框架`,
  },
  {
    en: (c) => `The board and senior management of authorized institutions should take ultimate responsibility for ${c.subject.en}`,
    zh: (c) => `认可机构的董事会及高级管理层应对${c.subject.zh}承担最终责任`,
  },
  {
    en: (c) => `Authorized institutions should report regularly to the HKMA on matters relating to ${c.subject.en}`,
    zh: (c) => `认可机构应定期向金管局汇报${c.subject.zh}的相关情况`,
  },
  {
    en: () => 'The HKMA will review the requirements in due course and consult the industry on any amendments',
    zh: () => '金管局将适时检讨有关要求，并就任何修订咨询业界',
  },
  {
    en: () => 'Authorized institutions should ensure that the relevant policies and procedures are approved by the board or a committee delegated by it and are reviewed regularly',
    zh: () => '认可机构应确保有关政策及程序经董事会或其授权的委员会批准，并定期检讨',
  },
  {
    en: (c) => `Authorized institutions should clearly disclose to customers the risks and fees relating to ${c.subject.en}`,
    zh: (c) => `认可机构应向客户清楚披露与${c.subject.zh}相关的风险及收费`,
  },
  {
    en: () => 'Authorized institutions should keep adequate records to facilitate supervisory review by the HKMA',
    zh: () => '认可机构应保存充分记录，以便金管局进行监管审查',
  },
];

const safeguardSentences: readonly Sentence[] = [
  {
    en: () => 'All regions and relevant departments must raise their political awareness, strengthen organisational leadership and draw up specific implementation plans in light of local conditions to ensure that all measures take effect.',
    zh: () => '各地区、各有关部门要提高政治站位，切实加强组织领导，结合实际制定具体实施方案，确保各项措施落地见效。',
  },
  {
    en: (c) => `The ${c.dept} will work with relevant departments to strengthen overall coordination, supervision and guidance, and promptly address problems arising during implementation.`,
    zh: (c) => `${c.deptZh}将会同有关部门加强统筹协调和督促指导，及时研究解决实施中遇到的问题。`,
  },
  {
    en: () => 'Strengthen publicity and interpretation of the policies, respond promptly to public concerns and foster a favourable public opinion environment.',
    zh: () => '加强政策宣传解读，及时回应社会关切，营造良好舆论氛围。',
  },
  {
    en: () => 'Establish a regular evaluation mechanism to track the effects of the policies, and report major developments promptly.',
    zh: () => '建立定期评估机制，对政策实施效果开展跟踪评估，重大情况及时报告。',
  },
  {
    en: () => 'Where implementation is ineffective and causes serious consequences, those responsible will be held accountable in accordance with laws and regulations.',
    zh: () => '对落实不力、造成严重后果的，依法依规追究相关责任。',
  },
];

const hongKongSafeguardSentences: readonly Sentence[] = [
  {
    en: (c) => `Authorized institutions should complete the necessary adjustments to their systems and internal procedures by ${c.deadline.en}.`,
    zh: (c) => `认可机构应于${c.deadline.zh}前完成相关系统及内部程序的调整。`,
  },
  {
    en: () => "The HKMA will assess authorized institutions' implementation through ongoing supervision and take follow-up action where necessary.",
    zh: () => '金管局将透过持续监管评估认可机构的执行情况，并视乎需要采取跟进行动。',
  },
  {
    en: () => 'Authorized institutions that anticipate difficulties in implementation should contact the HKMA as early as possible.',
    zh: () => '认可机构如预计在执行上有困难，应尽早与金管局联络。',
  },
];

// ---------------------------------------------------------------------------------------------
// English-only analysis (fullContent) phrase tables.
// ---------------------------------------------------------------------------------------------

const industryActors: readonly string[] = [
  'banks, securities firms and insurers',
  'software, internet and hardware companies',
  'industrial manufacturers and their suppliers',
  'hospitals, pharmaceutical companies and medical device makers',
  'property developers, mortgage lenders and property service firms',
  'power generators, grid operators and energy producers',
  'farmers, agricultural cooperatives and agribusinesses',
  'logistics, shipping and rail operators',
  'schools, vocational colleges and training providers',
  'retailers and e-commerce platforms',
  'media, content and entertainment companies',
  'telecom operators and network equipment suppliers',
  'carmakers, battery producers and dealers',
  'construction firms and infrastructure investors',
  'chemical producers and materials suppliers',
  'aerospace and defence contractors',
  'biotech and life-science companies',
  'environmental services and waste-treatment companies',
  'consumer brands and household goods makers',
  'law firms, auditors and consultancies',
];

const industryEffects: readonly string[] = [
  'stricter compliance and disclosure obligations will raise operating costs in the short term',
  'new fiscal and financing support should improve access to capital',
  'clearer rules reduce regulatory uncertainty and support investment planning',
  'demand is expected to rise as the measures are rolled out',
  'competition may intensify as market access is widened',
  'firms will need to adjust business models and internal controls to meet the new requirements',
  'larger players are best placed to benefit, while smaller firms may face consolidation pressure',
  'the measures open new business opportunities in advisory, technology and data services',
  'tighter enforcement raises the cost of non-compliance, so early internal reviews are advisable',
  'lower financing and transaction costs should support margins over the coming quarters',
];

const timelinePhases: readonly (readonly [phase: string, details: string])[] = [
  ['Local implementation rules', 'Provincial authorities and industry regulators issue detailed implementing rules and supporting guidance.'],
  ['Pilot programmes', 'Selected regions and institutions pilot the measures and report on early results.'],
  ['Industry consultation', 'Regulators consult market participants on technical standards and transitional arrangements.'],
  ['System and process upgrades', 'Affected firms update internal systems, reporting templates and compliance procedures.'],
];
const finalPhases: readonly (readonly [phase: string, details: string])[] = [
  ['Full implementation', 'The measures apply in full nationwide and supervisory checks begin.'],
  ['Mid-term evaluation', 'The issuing authority evaluates implementation and may adjust thresholds or scope.'],
  ['Review and assessment', 'A formal review of the policy effects is completed and follow-up measures are considered.'],
];

const relatedDescriptions: readonly string[] = [
  'Earlier document that the new policy builds on.',
  'Sets out the framework that the new measures refine.',
  'Previous guidance partly superseded by the new document.',
  'Companion measures issued to support implementation.',
];

const batchOrdinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth'];
const batchKinds: readonly Pair[] = [
  ['Typical Cases of', '典型案例'],
  ['Pilot Units for', '试点单位名单'],
  ['Demonstration Projects for', '示范项目'],
];
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const chineseNumerals = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

// ---------------------------------------------------------------------------------------------
// Compiled tables (built once at module load).
// ---------------------------------------------------------------------------------------------

type TitledPhrase = Phrase & { title: string };
type CompiledObject = TitledPhrase & { group: ObjectGroup; dept?: DepartmentCode };
type CompiledTopic = {
  id: number;
  code: TopicCode;
  categoryId: number;
  name: Phrase;
  regional: boolean;
  goals: readonly Pair[];
  result: Pair;
  industries: readonly number[];
  subjects: readonly (TitledPhrase & { dept?: DepartmentCode })[];
  objects: readonly CompiledObject[];
  measures: readonly (Phrase & { dept?: DepartmentCode })[];
};

const minorWords = new Set(['a', 'against', 'along', 'an', 'and', 'as', 'at', 'between', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'under', 'with']);

/** Title case that keeps minor words, acronyms and already-capitalised words ("e-CNY") untouched. */
function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) =>
      minorWords.has(word) || /[A-Z]/.test(word)
        ? word
        : word
            .split('-')
            .map((part, i) => (i > 0 && minorWords.has(part) ? part : part.charAt(0).toUpperCase() + part.slice(1)))
            .join('-'),
    )
    .join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const compiledTopics: readonly CompiledTopic[] = topicList.map((t, i) => {
  const source = topicSources[t.code];
  const category = categoryGoals[t.categoryId - 1]!;
  return {
    id: i + 1,
    code: t.code,
    categoryId: t.categoryId,
    name: { en: source.name[0], zh: source.name[1] },
    regional: source.regional ?? false,
    goals: source.goal ? [source.goal] : category.goals,
    result: category.result,
    industries: source.industries,
    subjects: source.subjects.map(([en, zh, dept]) => ({ en, zh, title: titleCase(en), ...(dept ? { dept } : {}) })),
    objects: (source.objects ?? []).map(([group, en, zh, dept]) => ({ group, en, zh, title: titleCase(en), ...(dept ? { dept } : {}) })),
    measures: source.measures.map(([en, zh, dept]) => ({ en, zh, ...(dept ? { dept } : {}) })),
  };
});

const compiledAspects: Record<ObjectGroup, readonly { en: string; title: string; zh: string }[]> = {
  market: compileAspects('market'),
  industry: compileAspects('industry'),
  programme: compileAspects('programme'),
  entity: compileAspects('entity'),
};

function compileAspects(group: ObjectGroup) {
  return aspects[group].map(([en, zh]) => ({ en, title: titleCase(en), zh }));
}

/** Topics each department writes about; the State Council issues on every topic. */
const topicsByDepartment: readonly (readonly CompiledTopic[])[] = departmentList.map((d) =>
  d.code === 'SC' ? compiledTopics : compiledTopics.filter((t) => topicSources[t.code].by.includes(d.code)),
);

const departmentTable: readonly number[] = departmentList.flatMap((d, i) => Array<number>(departmentWeights[d.code]).fill(i));

/** Impact 1-10: mostly 3-7, few 9-10. One entry per percent. */
const impactTable: readonly number[] = [3, 6, 12, 16, 18, 16, 13, 8, 5, 3].flatMap((weight, i) => Array<number>(weight).fill(i + 1));

const DAY_MS = 86_400_000;
const LAST_DAY = Date.UTC(2026, 10, 20);
const FIRST_DAY = Date.UTC(2023, 10, 21);
const DAY_COUNT = (LAST_DAY - FIRST_DAY) / DAY_MS + 1;

/** Publication dates span the three years up to the demo's "today". */
export const demoDateRange = { from: new Date(FIRST_DAY).toISOString().slice(0, 10), to: new Date(LAST_DAY).toISOString().slice(0, 10) };

// ---------------------------------------------------------------------------------------------
// Generation.
// ---------------------------------------------------------------------------------------------

// One instance reseeded per policy: constructing a Faker is far more expensive than seeding it.
const faker = new Faker({ locale: [en] });

function pick<T>(items: readonly T[]): T {
  return items[faker.number.int(items.length - 1)]!;
}

function chance(probability: number): boolean {
  return faker.number.float() < probability;
}

/** Up to `count` distinct items in random order. */
function pickSome<T>(items: readonly T[], count: number): T[] {
  return faker.helpers.arrayElements(items, Math.min(count, items.length));
}

type DayInfo = { ms: number; iso: string; parts: DateParts; year: number; month: number; day: number };

function dayInfo(ms: number): DayInfo {
  const iso = new Date(ms).toISOString().slice(0, 10);
  const y = iso.slice(0, 4);
  const m = iso.slice(5, 7);
  const d = iso.slice(8, 10);
  return { ms, iso, parts: { y, m, d }, year: Number(y), month: Number(m), day: Number(d) };
}

function dateEn(day: DayInfo): string {
  return `${day.day} ${monthNames[day.month - 1]} ${day.year}`;
}

function dateZh(day: DayInfo): string {
  return `${day.year}年${day.month}月${day.day}日`;
}

function monthYear(day: DayInfo): string {
  return `${monthNames[day.month - 1]} ${day.year}`;
}

/** A publication day in the three-year window; weekend dates move to the adjacent working day. */
function publicationDay(): DayInfo {
  let ms = FIRST_DAY + faker.number.int(DAY_COUNT - 1) * DAY_MS;
  const weekday = new Date(ms).getUTCDay();
  if (weekday === 6) ms -= DAY_MS;
  else if (weekday === 0) ms += DAY_MS;
  return dayInfo(ms);
}

type TitleSubject = TitledPhrase & { kind: SubjectKind };

/** `ruleOnly` excludes bare objects, for titles such as "Measures for …" that need an activity. */
function chooseSubject(topic: CompiledTopic, dept: DepartmentCode, ruleOnly: boolean): TitleSubject {
  const own = topic.subjects.filter((s) => s.dept === dept);
  const generic = topic.subjects.filter((s) => !s.dept);
  const objects = topic.objects.filter((o) => !o.dept || o.dept === dept);
  if (own.length > 0 && chance(0.6)) return { ...pick(own), kind: 'rule' };
  const roll = faker.number.float();
  if (objects.length === 0 || roll < 0.35) return { ...pick(generic), kind: 'rule' };
  const object = pick(objects);
  if (roll < 0.6 && !ruleOnly) return { en: object.en, zh: object.zh, title: object.title, kind: object.group };
  const aspect = pick(compiledAspects[object.group]);
  return { en: aspect.en + object.en, zh: object.zh + aspect.zh, title: aspect.title + object.title, kind: 'rule' };
}

type Title = { en: string; zh: string; enIssued: string; zhIssued: string };

type TitleParts = {
  doc: DocType;
  subject: TitleSubject;
  action: Action;
  region: readonly [string, string] | undefined;
  year: number;
  issuerEn: string;
  issuerZh: string;
};

/** The action phrase applied to the subject, e.g. 推动长三角地区债券市场高质量发展. */
function actionPhrase(p: TitleParts): { title: string; verb: string; zh: string } {
  const regionTitle = p.region ? ` ${p.region[0]}` : '';
  const regionZh = p.region ? p.region[1] : '';
  // Avoid "做好…实施工作工作" and "加强…监管监管".
  const post = p.subject.zh.endsWith(p.action.post) ? '' : p.action.post;
  return {
    title: `${p.action.title} ${p.subject.title}${regionTitle}`,
    verb: `${p.action.verb} ${p.subject.en}${regionTitle}`,
    zh: `${p.action.pre}${regionZh}${p.subject.zh}${post}`,
  };
}

/** Concatenates without doubling a shared word: "…实施工作" + "工作方案" gives "…实施工作方案". */
function joinZh(head: string, tail: string): string {
  return head.endsWith('工作') && tail.startsWith('工作') ? head + tail.slice(2) : head + tail;
}

function buildTitle(p: TitleParts): Title {
  const { doc, subject } = p;
  const phrase = actionPhrase(p);
  const about = (en: string, zh: string, docEn: string, docZh: string): Title => ({
    en: `${docEn} on ${en}`,
    zh: `关于${zh}的${docZh}`,
    enIssued: `${docEn} of the ${p.issuerEn} on ${en}`,
    zhIssued: `${p.issuerZh}关于${zh}的${docZh}`,
  });
  const plain = (en: string, zh: string): Title => ({ en, zh, enIssued: en, zhIssued: zh });

  switch (doc.form) {
    case 'about': {
      if (doc.zh === '通知') {
        const roll = faker.number.float();
        if (roll < 0.2) {
          const workZh = subject.zh.endsWith('工作') ? subject.zh : `${subject.zh}工作`;
          return about(`Effectively Carrying Out Work Related to ${subject.title} in ${p.year}`, `做好${p.year}年${workZh}`, doc.en, doc.zh);
        }
        if (roll < 0.35) {
          const plan = pick([docTypes.implPlan, docTypes.actionPlan, docTypes.workPlan]);
          return about(`Issuing the ${plan.en} for ${phrase.title}`, `印发《${joinZh(phrase.zh, plan.zh)}》`, doc.en, doc.zh);
        }
        if (roll < 0.45 && (subject.kind === 'rule' || subject.kind === 'programme')) {
          const [regionTitle, regionZh] = p.region ? [` ${p.region[0]}`, `在${p.region[1]}`] : ['', ''];
          return about(`Launching Pilot Programmes for ${subject.title}${regionTitle}`, `${regionZh}开展${subject.zh}试点工作`, doc.en, doc.zh);
        }
        if (roll < 0.55) {
          const batch = faker.number.int(batchOrdinals.length - 1);
          const [kindEn, kindZh] = pick(batchKinds);
          return about(`Publishing the ${batchOrdinals[batch]} Batch of ${kindEn} ${subject.title}`, `公布第${chineseNumerals[batch]}批${subject.zh}${kindZh}`, doc.en, doc.zh);
        }
      }
      return about(phrase.title, phrase.zh, doc.en, doc.zh);
    }
    case 'rules': {
      if (doc.zh === '规定' && chance(0.4)) return about(subject.title, subject.zh, `Several ${doc.en}`, `若干${doc.zh}`);
      // Skip names that repeat the subject's own ending ("…合规管理合规指引").
      const names = (ruleNames[doc.zh] ?? []).filter(([, zh]) => zh.length <= 2 || !subject.zh.includes(zh.slice(0, 2)));
      const [nameEn, nameZh] = pick(names);
      const en = `${nameEn} ${subject.title}`;
      const zh = `${subject.zh}${nameZh}`;
      const suffix = faker.number.float();
      if (suffix < 0.15 && doc.zh !== '暂行办法') return plain(`${en} (Trial)`, `${zh}（试行）`);
      if (suffix < 0.3) return plain(`${en} (${p.year} Revision)`, `${zh}（${p.year}年修订）`);
      if (suffix < 0.35) return plain(`${en} (Draft for Comment)`, `${zh}（征求意见稿）`);
      return plain(en, zh);
    }
    case 'plan': {
      const en = `${doc.en} for ${phrase.title}`;
      const zh = joinZh(phrase.zh, doc.zh);
      if (chance(0.4)) return plain(`${en} (${p.year}-${p.year + 2})`, `${zh}（${p.year}—${p.year + 2}年）`);
      return plain(en, zh);
    }
    case 'announcement': {
      const roll = faker.number.float();
      if (roll < 0.45) return about(phrase.title, phrase.zh, doc.en, doc.zh);
      if (roll < 0.85) return about(`Matters Concerning ${subject.title} in ${p.year}`, `${p.year}年${subject.zh}有关事项`, doc.en, doc.zh);
      return about(`Matters Concerning ${subject.title}`, `${subject.zh}有关事项`, doc.en, doc.zh);
    }
    case 'keyPoints':
      return plain(`Key Points of Work on ${subject.title} for ${p.year}`, `${p.year}年${joinZh(subject.zh, doc.zh)}`);
  }
}

type Section = { heading: Phrase; items: Phrase[]; numbered: boolean };

function renderSentence(s: Sentence, c: TextContext): Phrase {
  return { en: s.en(c), zh: s.zh(c) };
}

/** Distinct sentences in their original order, so "by 2026 … by 2028" never precedes the principles. */
function pickOrdered(pool: readonly Sentence[], count: number): Sentence[] {
  const chosen = new Set(pickSome(pool, count));
  return pool.filter((s) => chosen.has(s));
}

function buildSections(
  hongKong: boolean,
  sectionCount: number,
  primaryMeasures: readonly Phrase[],
  secondaryMeasures: readonly Phrase[],
  c: TextContext,
): Section[] {
  const general: Section = {
    heading: toPhrase(pick(hongKong ? hongKongGeneralHeadings : generalHeadings)),
    items: pickOrdered(hongKong ? hongKongGeneralSentences : generalSentences, hongKong ? 2 : faker.number.int({ min: 2, max: 3 })).map((s) =>
      renderSentence(s, c),
    ),
    numbered: false,
  };
  const taskCount = sectionCount - 2;
  const headings = pickSome(hongKong ? hongKongTaskHeadings : taskHeadings, taskCount);
  const primary = faker.helpers.shuffle(primaryMeasures);
  const secondary = faker.helpers.shuffle(secondaryMeasures);
  const generic = faker.helpers.shuffle(hongKong ? hongKongTaskSentences : taskSentences).map((s) => renderSentence(s, c));
  const tasks: Section[] = [];
  for (let i = 0; i < taskCount; i++) {
    const items: Phrase[] = [];
    const size = faker.number.int({ min: 2, max: 3 });
    if (i === 0) items.push(...primary.splice(0, size - 1));
    const fromSecondary = secondary.shift();
    if (fromSecondary) items.push(fromSecondary);
    while (items.length < size) {
      const next = primary.shift() ?? generic.shift();
      if (!next) break;
      items.push(next);
    }
    tasks.push({ heading: toPhrase(headings[i]!), items, numbered: true });
  }
  const safeguard: Section = {
    heading: toPhrase(pick(hongKong ? hongKongSafeguardHeadings : safeguardHeadings)),
    items: pickOrdered(hongKong ? hongKongSafeguardSentences : safeguardSentences, faker.number.int({ min: 2, max: 3 })).map((s) =>
      renderSentence(s, c),
    ),
    numbered: false,
  };
  return [general, ...tasks, safeguard];
}

function toPhrase([en, zh]: Pair): Phrase {
  return { en, zh };
}

function sectionBodyEn(section: Section): string {
  if (!section.numbered) return section.items.map((item) => item.en).join(' ');
  return section.items.map((item, i) => `(${i + 1}) ${item.en}.`).join('\n');
}

function sectionBodyZh(section: Section): string {
  if (!section.numbered) return section.items.map((item) => item.zh).join('');
  return section.items.map((item, i) => `（${chineseNumerals[i]}）${item.zh}。`).join('\n');
}

function impactBand(impact: number): 'low' | 'mid' | 'high' {
  return impact <= 3 ? 'low' : impact <= 7 ? 'mid' : 'high';
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A stable document id: the seed (mod 900) then the index, so loads with different seeds do not collide. */
function documentId(seed: number, index: number): string {
  const seedPart = (((Math.trunc(seed) % 900) + 900) % 900) + 100;
  return `${seedPart}${String(index).padStart(7, '0')}`;
}

export function generatePolicy(seed: number, index: number): DemoPolicy {
  faker.seed([seed, index]);

  const deptIndex = pick(departmentTable);
  const department = departmentList[deptIndex]!;
  const profile = departmentProfiles[department.code];
  const hongKong = profile.hongKong ?? false;
  const published = publicationDay();
  const impact = pick(impactTable);

  // Topics: the primary topic from the department's beat, secondary ones nearby.
  const beat = topicsByDepartment[deptIndex]!;
  const primary = pick(beat);
  const topicCount = pick([1, 2, 2, 3]);
  const topics: CompiledTopic[] = [primary];
  while (topics.length < topicCount) {
    const pool = chance(0.6) ? compiledTopics.filter((t) => t.categoryId === primary.categoryId) : beat;
    const candidate = pick(pool);
    if (!topics.includes(candidate)) topics.push(candidate);
    else if (pool.length <= topics.length) break;
  }

  // Industries: mostly those the topics concern, occasionally any.
  const industryCount = pick([1, 1, 2, 2, 2, 3, 3]);
  const industryIds: number[] = [pick(primary.industries)];
  const related = [...new Set(topics.flatMap((t) => t.industries))];
  for (let attempt = 0; industryIds.length < industryCount && attempt < 8; attempt++) {
    const candidate = chance(0.12) ? faker.number.int({ min: 1, max: industryList.length }) : pick(related);
    if (!industryIds.includes(candidate)) industryIds.push(candidate);
  }

  // Title.
  const docKey = pick(profile.docs);
  const doc: DocType = docTypes[docKey];
  const subject = chooseSubject(primary, department.code, doc.form === 'rules');
  if (subject.kind === 'rule' && chance(0.3)) {
    // Paired subjects ("…X and Y") as in many real titles; also keeps 100,000 titles mostly distinct.
    const second = chooseSubject(primary, department.code, true);
    if (second.zh !== subject.zh) {
      subject.en = `${subject.en} and ${second.en}`;
      subject.zh = `${subject.zh}和${second.zh}`;
      subject.title = `${subject.title} and ${second.title}`;
    }
  }
  const action = pick(actions[subject.kind]);
  const region = primary.regional && !hongKong && chance(0.3) ? pick(regions) : undefined;
  const titleYear = published.month >= 11 && (doc.form === 'keyPoints' || doc.form === 'plan') ? published.year + 1 : published.year;
  const titleParts: TitleParts = { doc, subject, action, region, year: titleYear, issuerEn: department.fullName, issuerZh: profile.issuerZh };
  const title = buildTitle(titleParts);
  const phrase = actionPhrase(titleParts);

  // Body.
  const goal = toPhrase(pick(primary.goals));
  const subjectPhrase: Phrase = { en: region ? `${subject.en} ${region[0]}` : subject.en, zh: region ? region[1] + subject.zh : subject.zh };
  const deadlineDay = dayInfo(published.ms + faker.number.int({ min: 60, max: 270 }) * DAY_MS);
  const context: TextContext = {
    subject: subjectPhrase,
    topic: primary.name,
    goal,
    result: toPhrase(primary.result),
    dept: profile.short,
    deptZh: profile.issuerZh,
    ref: toPhrase(doc.ref),
    year: published.year,
    deadline: { en: dateEn(deadlineDay), zh: dateZh(deadlineDay) },
  };
  const forDept = (m: Phrase & { dept?: DepartmentCode }) => (hongKong ? m.dept === 'HKMA' : !m.dept);
  const primaryMeasures = primary.measures.filter(forDept);
  const secondaryMeasures = topics.slice(1).flatMap((t) => pickSome(t.measures.filter(forDept), 1));
  // Each task section takes up to three sentences; the Hong Kong pool is smaller.
  const sectionCount = hongKong ? pick([3, 3, 4]) : pick([3, 3, 4, 4, 4, 5, 5]);
  const sections = buildSections(hongKong, sectionCount, primaryMeasures, secondaryMeasures, context);

  const opener = toPhrase(hongKong ? pick(hongKongOpeners) : primary.categoryId === 1 && chance(0.4) ? financeOpener : pick(mainlandOpeners));
  const law = profile.laws.length > 0 && (doc.form === 'rules' || chance(0.3)) ? pick(profile.laws) : undefined;
  const lead = toPhrase(hongKong ? hongKongLead : doc.lead);
  const preambleEn = `${opener.en}${hongKong ? ` and ${phrase.verb}` : `, ${phrase.verb} and ${goal.en}`}, ${law ? `in accordance with the ${law[0]} and other relevant laws and regulations, ` : ''}${lead.en}`;
  const preambleZh = `${opener.zh}，${phrase.zh}，${hongKong ? '' : `${goal.zh}，`}${law ? `根据《${law[1]}》等有关法律法规，` : ''}${lead.zh}`;

  const docNumber = profile.docNumbers.length > 0 ? pick(profile.docNumbers) : undefined;
  const serial = faker.number.int({ min: 1, max: 160 });
  const effectiveDay = dayInfo(Date.UTC(published.year, published.month - 1 + faker.number.int({ min: 1, max: 3 }), 1));
  const ref = toPhrase(doc.ref);
  const closingEn: string[] = [];
  const closingZh: string[] = [];
  if (hongKong) {
    closingEn.push(`Any enquiries about ${ref.en} should be directed to the relevant division of the HKMA.`, `${capitalise(ref.en)} takes effect from the date of issue.`);
    closingZh.push(`如对${ref.zh}有任何查询，请联络金管局有关部门。`, `${ref.zh}自发出之日起生效。`);
  } else {
    if (doc.form === 'rules') {
      closingEn.push(`The ${profile.short} is responsible for interpreting ${ref.en}.`);
      closingZh.push(`${ref.zh}由${profile.issuerZh}负责解释。`);
    }
    if (doc.effect === 'date') {
      closingEn.push(`${capitalise(ref.en)} shall come into force on ${dateEn(effectiveDay)}.`);
      closingZh.push(`${ref.zh}自${dateZh(effectiveDay)}起施行。`);
    } else if (doc.effect === 'print') {
      closingEn.push(`${capitalise(ref.en)} shall be implemented from the date of issuance.`);
      closingZh.push(`${ref.zh}自印发之日起实施。`);
    } else {
      closingEn.push(`${capitalise(ref.en)} shall take effect from the date of issuance.`);
      closingZh.push(`${ref.zh}自发布之日起施行。`);
    }
    if (chance(0.4)) {
      closingEn.push(`Where previously issued provisions are inconsistent with ${ref.en}, ${ref.en} shall prevail.`);
      closingZh.push(`此前发布的有关规定与${ref.zh}不一致的，以${ref.zh}为准。`);
    }
    if (doc.sign) {
      closingEn.push(doc.sign[0]);
      closingZh.push(doc.sign[1]);
    }
  }

  const useAddressee = profile.addressee && (doc.form === 'about' || doc.form === 'keyPoints');
  const zhParts = [title.zhIssued];
  const enParts = [title.enIssued];
  if (docNumber) {
    zhParts.push(`${docNumber[1]}〔${published.year}〕${serial}号`);
    enParts.push(`${docNumber[0]} [${published.year}] No. ${serial}`);
  }
  if (useAddressee && profile.addressee) {
    enParts.push(profile.addressee[0]);
    zhParts.push(profile.addressee[1]);
  }
  enParts.push(preambleEn);
  zhParts.push(preambleZh);
  sections.forEach((section, i) => {
    enParts.push(`${i + 1}. ${section.heading.en}\n${sectionBodyEn(section)}`);
    zhParts.push(`${chineseNumerals[i]}、${section.heading.zh}\n${sectionBodyZh(section)}`);
  });
  enParts.push(closingEn.join(' '));
  zhParts.push(closingZh.join(''));
  enParts.push(`${department.fullName}\n${dateEn(published)}`);
  zhParts.push(`${department.nameZh}\n${dateZh(published)}`);
  const chineseOriginal = zhParts.join('\n\n');
  const englishTranslation = chance(0.03) ? null : enParts.join('\n\n');

  // Summary and analysis.
  const industryNames = industryIds.map((id) => industryList[id - 1]!.name.toLowerCase());
  const sectors = `the ${joinList(industryNames)} ${industryNames.length > 1 ? 'sectors' : 'sector'}`;
  const headline = primaryMeasures[0] ? lowerFirst(pick(primaryMeasures).en) : phrase.verb;
  let description = `The ${department.fullName} has issued the ${title.en}, setting out measures to ${headline}.`;
  if (chance(0.6)) {
    const when = doc.effect === 'date' ? `takes effect on ${dateEn(effectiveDay)}` : 'takes effect on issuance';
    description += ` It ${when} and is most relevant to ${sectors}.`;
  }

  const band = impactBand(impact);
  const topicNames = topics.map((t) => t.name.en);
  const analysis: string[] = [
    pick([
      `The ${profile.short} issued the ${doc.en} on ${dateEn(published)} as part of a broader push to ${goal.en}. The document focuses on ${subjectPhrase.en}, an area that has drawn growing policy attention.`,
      `The document sets out the ${profile.short}'s latest thinking on ${primary.name.en}. Its core message is to ${headline}${topics.length > 1 ? `, while also touching on ${joinList(topicNames.slice(1))}` : ''}.`,
      `The document continues a series of measures on ${primary.name.en} and translates earlier high-level commitments into concrete requirements on ${subjectPhrase.en}.`,
    ]),
    pick(
      {
        low: [
          'The measures are largely technical and codify existing practice, so the immediate market impact should be limited. Compliance teams should nevertheless check internal procedures against the new requirements.',
          'For most market participants this is an incremental adjustment rather than a change of direction; its main value lies in clarifying procedures and reducing regulatory uncertainty.',
        ],
        mid: [
          `The document is moderately significant. It tightens expectations in several areas and will require affected firms in ${sectors} to adjust processes over the coming months.`,
          `Market participants should read the document as a signal of continued policy support, with concrete but gradual effects on ${sectors}.`,
        ],
        high: [
          `This is a major policy development. The measures go beyond incremental tuning and are likely to reshape business models and investment decisions in ${sectors}.`,
          `The scale and specificity of the measures mark a clear shift in policy stance, and a visible market reaction across ${sectors} is likely.`,
        ],
      }[band],
    ),
  ];
  if (chance(0.6)) {
    analysis.push(
      pick([
        'Implementation will depend on supporting rules from local authorities and industry regulators, which typically follow within three to six months.',
        'Key uncertainties include the pace of local implementation, the availability of funding and how strictly enforcement will be applied in practice.',
        `The ${profile.short} has signalled that it will track implementation closely and evaluate results, so further adjustments are possible.`,
      ]),
    );
  }
  if (chance(0.4)) {
    const companion = topics.length > 1 ? `, and the document should be read together with earlier measures on ${pick(topicNames.slice(1))}` : '';
    analysis.push(`Looking ahead, further detailed rules on ${primary.name.en} are likely before ${monthYear(deadlineDay)}${companion}.`);
  }

  const impactAnalysis = industryIds.map((id) => {
    const level = Math.min(10, Math.max(1, impact + faker.number.int({ min: -2, max: 1 })));
    const magnitude = level <= 3 ? 'Limited' : level <= 6 ? 'Moderate' : level <= 8 ? 'Significant' : 'Major';
    return { industryId: id, impactAnalysis: `${magnitude} impact for ${industryActors[id - 1]}: ${pick(industryEffects)}.` };
  });

  const rolloutEnd = dayInfo(published.ms + faker.number.int({ min: 60, max: 180 }) * DAY_MS);
  const timeline: NonNullable<PolicyFullContent['implementation_timeline']> = [
    {
      period: monthYear(published),
      phase: 'Issuance',
      details: `The document is published${doc.effect === 'date' ? ` and takes effect on ${dateEn(effectiveDay)}` : ' and takes effect immediately'}.`,
    },
  ];
  const [middlePhase, middleDetails] = pick(timelinePhases);
  timeline.push({ period: `${monthYear(published)} - ${monthYear(rolloutEnd)}`, phase: middlePhase, details: middleDetails });
  if (chance(0.6)) {
    const finalDay = dayInfo(rolloutEnd.ms + faker.number.int({ min: 90, max: 540 }) * DAY_MS);
    const [finalPhase, finalDetails] = pick(finalPhases);
    timeline.push({ period: `By ${monthYear(finalDay)}`, phase: finalPhase, details: finalDetails });
  }

  const relatedCount = pick([0, 0, 0, 1, 1, 1, 1, 2, 2, 2]);
  const relatedPolicies: NonNullable<PolicyFullContent['related_policies']> = [];
  for (let i = 0; i < relatedCount; i++) {
    const day = dayInfo(published.ms - faker.number.int({ min: 30, max: 900 }) * DAY_MS);
    const relatedDoc = docTypes[pick(profile.docs)];
    const relatedSubject = chooseSubject(primary, department.code, relatedDoc.form === 'rules');
    const relatedTitle = buildTitle({
      doc: relatedDoc,
      subject: relatedSubject,
      action: pick(actions[relatedSubject.kind]),
      region: undefined,
      year: day.year,
      issuerEn: department.fullName,
      issuerZh: profile.issuerZh,
    });
    relatedPolicies.push({ date: day.iso, title: relatedTitle.en, description: pick(relatedDescriptions) });
  }

  const topicAnalysis = topics.map((t, i) => {
    const measures = t.measures.filter(forDept);
    const focus = measures.length > 0 ? lowerFirst(pick(measures).en) : `${phrase.verb}`;
    return {
      topic_id: t.id,
      details: i === 0 ? `Primary focus. The document addresses ${t.name.en}, chiefly the need to ${focus}.` : `Secondary theme. It also touches on ${t.name.en}, notably the need to ${focus}.`,
    };
  });

  const sourceUrl = profile.url(published.parts, documentId(seed, index));

  return {
    departmentId: department.id,
    title: title.en,
    description,
    publishedOn: published.iso,
    impact,
    storyText: chineseOriginal,
    chineseOriginal,
    englishTranslation,
    sourceUrl,
    fullContent: {
      description,
      key_points: sections.map((section) => ({ title: section.heading.en, content: sectionBodyEn(section).replace(/\n/g, ' ') })),
      analysis,
      impact_analysis: impactAnalysis.map((row) => ({ industry_id: row.industryId, details: row.impactAnalysis })),
      implementation_timeline: timeline,
      related_policies: relatedPolicies,
      topic_analysis: topicAnalysis,
      source_url: sourceUrl,
    },
    industries: impactAnalysis,
    topics: topics.map((t, i) => ({
      topicId: t.id,
      relevance: i === 0 ? faker.number.int({ min: 85, max: 100 }) / 100 : faker.number.int({ min: 40, max: 80 }) / 100,
    })),
  };
}

/**
 * English of the openings of two real documents, translated for the tests and the reading journey (no product
 * translation of them exists yet): numbered as the LLM analyser is asked to keep them.
 * lawrefbook-08: the State Council's Regulations on Optimizing the Business Environment (条例, 第X条).
 */
export const regulationEnglish = `Adopted at the 66th executive meeting of the State Council on 8 October 2019
Promulgated by Order No. 722 of the State Council on 22 October 2019
Effective 1 January 2020
Chapter I General Provisions
Article 1 These Regulations are made to keep optimising the business environment, free and develop the productive forces of society, speed up building a modern economic system and promote high-quality development.
Article 2 The business environment in these Regulations means the institutional factors and conditions that enterprises and other market entities meet in market economic activity.
Article 3 The State keeps deepening the reform to streamline administration, delegate powers, combine delegation with regulation and improve services.
People's governments at all levels and their departments shall keep government affairs open and transparent, with openness the rule and non-disclosure the exception.
Article 4 Optimising the business environment follows market-based, law-based and international principles, guided by the needs of market entities.
Article 5 The State speeds up building a unified, open and orderly modern market system and ensures that market entities of all kinds compete fairly.
Article 6 The State encourages, supports and guides the development of the non-public economy.
The State further opens up, actively promotes foreign investment and treats domestic and foreign-invested enterprises equally.`;

/** govcn-02: the General Office of the State Council's guiding opinions on government financing guarantee funds (一、 sections, （一） subsections). */
export const noticeEnglish = `Guiding Opinions of the General Office of the State Council on Giving Full Play to Government Financing Guarantee Funds to Support Small and Micro Enterprises and Agriculture, Rural Areas and Farmers
Guobanfa [2019] No. 6
To the people's governments of all provinces, autonomous regions and municipalities, and all ministries and bodies of the State Council:
In recent years all regions and departments have implemented the State Council's opinions on promoting the faster development of the financing guarantee industry. These opinions are put forward with the State Council's consent.
I. General requirements
(1) Guiding thought. Regulate the operation of government financing guarantee funds and ease the financing difficulties of small and micro enterprises and agriculture.
(2) Basic principles.
Focus on small businesses and agriculture as the main business.
Operate to preserve capital with a small profit.
Share and compensate risk.
Join the forces of guarantee institutions.
II. Keep the financing guarantee business focused on small businesses and agriculture
(3) Define the scope of support.
(4) Focus on key borrowers.`;

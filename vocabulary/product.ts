/** The product's name, as the web app's pages and the exported files carry it. */
export const productName = 'China Policy Tracker';

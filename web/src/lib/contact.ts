/** The addresses the static pages, the subscribe page and the legal texts give out. */
export const supportEmail = 'support@chinapolicytracker.com';
export const privacyEmail = 'privacy@chinapolicytracker.com';
export const enterpriseEmail = 'enterprise@chinapolicytracker.com';
export const supportHours = 'Monday-Friday, 9:00 AM - 6:00 PM ET';

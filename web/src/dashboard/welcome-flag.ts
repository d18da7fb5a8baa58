/** Set by the subscription's success page; the dashboard shows the welcome once, then removes it. */
const flagKey = 'showWelcomePopup';

export const requestWelcome = () => localStorage.setItem(flagKey, 'true');
export const welcomeRequested = () => localStorage.getItem(flagKey) === 'true';
export const welcomeShown = () => localStorage.removeItem(flagKey);

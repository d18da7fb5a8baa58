import { useEffect } from 'react';
import { titleSuffix } from './product.ts';

/** Sets `document.title` to "{title} | China Policy Tracker" while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title}${titleSuffix}`;
  }, [title]);
}

import { createRoute } from '@tanstack/react-router';
import { productName, productTagline } from '../lib/product.ts';
import { rootRoute } from './root.tsx';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: LandingPage,
});

function LandingPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold">{productName}</h1>
      <p className="mt-2 text-slate-700">{productTagline}</p>
    </main>
  );
}

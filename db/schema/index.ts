export * from './reference.ts';
export * from './policies.ts';
export * from './users.ts';
export * from './collections.ts';
export * from './billing.ts';
export * from './operations.ts';
export * from './search.ts';
export * from './contact.ts';

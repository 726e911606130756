export * from './setup';
export * from './setup-schemas';
export * from './audit';
export * from './outbox';

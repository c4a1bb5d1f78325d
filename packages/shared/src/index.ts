export * from './errors';
export * from './limits';
export * from './messages';
export * from './money';
export * from './order-status';
export * from './schemas';
export * from './text-hygiene';
export * from './wire-crypto';

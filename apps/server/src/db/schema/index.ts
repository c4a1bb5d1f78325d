export * from './catalogue';
export * from './orders';
export * from './reconciliation';
export * from './rewards';
export * from './risk';
export * from './support';
export * from './system';
export * from './users';

export * from './common/schemas.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './users/user.schemas.ts';

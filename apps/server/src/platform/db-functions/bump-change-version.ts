import type { DbFunction } from './db-function.ts';

/**
 * Moves a change counter (`change_versions`, named by the trigger's argument) once per statement that
 * changes what a cache shows: `auction_list` for the running auctions' list, `catalog` for the
 * catalog's and sellers' pages (platform/read-cache.ts reads them).
 */
export const bumpChangeVersion: DbFunction = {
  name: 'bump_change_version',
  definition: `
create or replace function bump_change_version() returns trigger language plpgsql as $$
    begin
      update change_versions set version = version + 1 where name = tg_argv[0];
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'auction_products',
      name: 'auction_products_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      columns: ['auction_id', 'product_id', 'outcome', 'end_time'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'auction_products',
      name: 'auction_products_list_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      columns: ['auction_id', 'product_id'],
      level: 'statement',
      args: ['auction_list'],
    },
    {
      table: 'auctions',
      name: 'auctions_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'auctions',
      name: 'auctions_list_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      level: 'statement',
      args: ['auction_list'],
    },
    {
      table: 'bids',
      name: 'bids_catalog_version',
      timing: 'after',
      events: ['delete', 'update'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'brands',
      name: 'brands_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'categories',
      name: 'categories_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'claims',
      name: 'claims_catalog_version',
      timing: 'after',
      events: ['insert', 'delete'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'confirmed_pairs',
      name: 'confirmed_pairs_catalog_version',
      timing: 'after',
      events: ['insert', 'delete'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'payments',
      name: 'payments_catalog_version',
      timing: 'after',
      events: ['update'],
      columns: ['status', 'confirmed_at', 'shipped_at'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'product_search',
      name: 'product_search_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'products',
      name: 'products_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'products',
      name: 'products_list_version',
      timing: 'after',
      events: ['delete', 'update'],
      columns: ['name', 'image_id'],
      level: 'statement',
      args: ['auction_list'],
    },
    {
      table: 'refunds',
      name: 'refunds_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      columns: ['status'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'scales',
      name: 'scales_catalog_version',
      timing: 'after',
      events: ['insert', 'delete', 'update'],
      level: 'statement',
      args: ['catalog'],
    },
    {
      table: 'users',
      name: 'users_catalog_version',
      timing: 'after',
      events: ['delete', 'update'],
      columns: ['username', 'avatar'],
      level: 'statement',
      args: ['catalog'],
    },
  ],
};

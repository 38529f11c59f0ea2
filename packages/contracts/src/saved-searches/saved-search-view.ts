import { BROWSE_KIND_LABELS, BROWSE_SORT_LABELS, DEFAULT_BROWSE_SORT } from '../catalog/catalog.messages.ts';
import type { BrowseFilters } from '../catalog/catalog.schemas.ts';
import { formatCOP } from '../format.ts';
import { CONDITION_LABELS } from '../products/product-attributes.ts';
import { SAVED_SEARCH_NAME_MAX, savedSearchMessages } from './saved-search.messages.ts';

/** A view's filters as Explorar keeps them in its address (the web fills in the defaults). */
export type BrowseView = Partial<Omit<BrowseFilters, 'q'>> & { q?: string };

/**
 * The address parameters of a view: defaults left out, in a fixed order, so equal views share
 * one address (Explorar writes its own address with this, and saved searches link with it).
 */
export function browseViewParams(view: BrowseView): URLSearchParams {
  const params = new URLSearchParams();
  const q = view.q?.trim();
  if (q) params.set('q', q);
  if (view.kind && view.kind !== 'all') params.set('kind', view.kind);
  for (const key of ['category_id', 'brand_id', 'scale_id', 'condition', 'min_price', 'max_price'] as const) {
    const value = view[key];
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  if (view.sort && view.sort !== DEFAULT_BROWSE_SORT) params.set('sort', view.sort);
  return params;
}

/** `/explorar?…`: the view a saved search (or its notification) opens. */
export function browseViewLink(view: BrowseView): string {
  const query = browseViewParams(view).toString();
  return query ? `/explorar?${query}` : '/explorar';
}

export interface BrowseViewNames {
  category?: string | null;
  brand?: string | null;
  scale?: string | null;
}

/** The filters of a view in words, one chip each ('“charizard”', 'Subastas', 'Hasta $ 50.000'). */
export function browseViewSummary(view: BrowseView, names: BrowseViewNames = {}): string[] {
  const chips: string[] = [];
  const q = view.q?.trim();
  if (q) chips.push(`“${q}”`);
  if (view.kind && view.kind !== 'all') chips.push(BROWSE_KIND_LABELS[view.kind]);
  if (view.category_id !== undefined) chips.push(names.category ?? `Categoría #${view.category_id}`);
  if (view.brand_id !== undefined) chips.push(names.brand ?? `Marca #${view.brand_id}`);
  if (view.scale_id !== undefined) chips.push(names.scale ?? `Escala #${view.scale_id}`);
  if (view.condition) chips.push(CONDITION_LABELS[view.condition]);
  if (view.min_price !== undefined) chips.push(`Desde ${formatCOP(view.min_price)}`);
  if (view.max_price !== undefined) chips.push(`Hasta ${formatCOP(view.max_price)}`);
  if (view.sort && view.sort !== DEFAULT_BROWSE_SORT) chips.push(`Orden: ${BROWSE_SORT_LABELS[view.sort]}`);
  return chips;
}

/** The name the save dialog proposes: the search term, else the filters in words. */
export function defaultSavedSearchName(view: BrowseView, names: BrowseViewNames = {}): string {
  const q = view.q?.trim();
  const { sort: _sort, ...filters } = view;
  const text = q || browseViewSummary(filters, names).join(', ') || savedSearchMessages.allProducts;
  return text.slice(0, SAVED_SEARCH_NAME_MAX);
}

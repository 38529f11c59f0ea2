/** The create form's values, the request body they make, and their checks by the shared product schema. */
import {
  type Category,
  type CreateProductPayload,
  gradingApplies,
  makeCreateProductSchema,
  requiresScale,
} from '@app/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type AttributeValues,
  attributeFieldOf,
  attributePayload,
  emptyAttributeValues,
} from './attribute-fields.tsx';
import { numberOrNull } from './product-fields.ts';

export interface CreateProductValues extends AttributeValues {
  name: string;
  year: string;
  description: string;
  tags: string;
  category_id: string;
  brand_id: string;
  scale_id: string;
  reserve_price: string;
  base_price: string;
  can_be_bought: boolean;
  sell_price: string;
  accepts_offers: boolean;
  auto_accept_price: string;
  auto_decline_price: string;
  /** The photos as data URLs, in order: the first is the cover. */
  images: string[];
}

export type FieldName = keyof CreateProductValues;

export const emptyValues: CreateProductValues = {
  name: '',
  year: '',
  description: '',
  tags: '',
  category_id: '',
  brand_id: '',
  scale_id: '',
  reserve_price: '',
  base_price: '',
  can_be_bought: false,
  sell_price: '',
  accepts_offers: false,
  auto_accept_price: '',
  auto_decline_price: '',
  images: [],
  ...emptyAttributeValues,
};

/** The request body for the form's values (grading only for trading cards). */
export function toCreatePayload(values: CreateProductValues, gradingAllowed = false): CreateProductPayload {
  return {
    ...attributePayload(values, gradingAllowed),
    name: values.name,
    year: numberOrNull(values.year) as number,
    description: values.description,
    tags: values.tags,
    category_id: numberOrNull(values.category_id) as number,
    brand_id: numberOrNull(values.brand_id) as number,
    scale_id: numberOrNull(values.scale_id),
    reserve_price: numberOrNull(values.reserve_price),
    base_price: numberOrNull(values.base_price),
    can_be_bought: values.can_be_bought,
    sell_price: values.can_be_bought ? numberOrNull(values.sell_price) : null,
    accepts_offers: values.can_be_bought && values.accepts_offers,
    auto_accept_price:
      values.can_be_bought && values.accepts_offers ? numberOrNull(values.auto_accept_price) : null,
    auto_decline_price:
      values.can_be_bought && values.accepts_offers ? numberOrNull(values.auto_decline_price) : null,
    images: values.images,
  };
}

/** The form's fields, named as in the request, so the server's `fields` land on them. */
const FORM_FIELDS: ReadonlySet<string> = new Set<FieldName>([
  'name',
  'year',
  'description',
  'tags',
  'category_id',
  'brand_id',
  'scale_id',
  'reserve_price',
  'base_price',
  'sell_price',
  'auto_accept_price',
  'auto_decline_price',
  'images',
  'condition',
  'grading_company',
  'grading_grade',
  'grading_certificate',
]);
export const isFormField = (name: string): name is FieldName => FORM_FIELDS.has(name);

/** The server names the grading's parts by their place in the body (`grading.grade`). */
export const formFieldOf = (name: string): string => {
  if (name === 'image' || name.startsWith('images')) return 'images';
  return name === 'grading'
    ? 'grading_company'
    : name.startsWith('grading.')
      ? `grading_${name.slice(8)}`
      : name;
};

export const gradingAllowedFor = (categories: Category[], categoryId: string) =>
  gradingApplies(categories.find((c) => String(c.id) === categoryId)?.name);

/** Validates with the same contracts schema the server uses; one message per field. */
export function makeResolver(categories: Category[]): Resolver<CreateProductValues> {
  const schema = makeCreateProductSchema({
    scaleRequiredFor: (id) => requiresScale(categories.find((c) => c.id === id)?.name),
  });
  return async (values) => {
    const result = schema.safeParse(
      toCreatePayload(values, gradingAllowedFor(categories, values.category_id)),
    );
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<CreateProductValues> = {};
    for (const issue of result.error.issues) {
      const first = issue.path[0];
      const field =
        attributeFieldOf(issue.path) ?? (first === 'image' ? 'images' : (first as FieldName | undefined));
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

import { z } from 'zod';
import { requiredText } from '../common/schemas.ts';

/** Spanish texts of the shipping addresses. */
export const shippingAddressMessages = {
  addressRequired: 'La dirección es obligatoria',
  cityRequired: 'La ciudad es obligatoria',
  stateRequired: 'El estado/provincia es obligatorio',
  countryRequired: 'El país es obligatorio',
  postalCodeRequired: 'El código postal es obligatorio',
  loadError: 'Error al cargar tus direcciones de envío',
  detailLoadError: 'Error al cargar los detalles de la dirección',
  setDefaultError: 'Error al establecer la dirección como predeterminada',
  deleteError: 'Error al eliminar la dirección',
  saveError: 'Ha ocurrido un error al guardar la dirección',
  setDefaultSuccess: 'Dirección establecida como predeterminada',
  deleteSuccess: 'Dirección eliminada correctamente',
  updateSuccess: 'Dirección actualizada correctamente',
  createSuccess: 'Dirección agregada correctamente',
  none: 'No tienes direcciones de envío registradas.',
  notFound: 'No se encontró la dirección.',
  tooMany: 'Puedes tener hasta 20 direcciones de envío. Elimina alguna para agregar otra.',
  deleteConfirm: '¿Seguro que deseas eliminar esta dirección? Esta acción no se puede deshacer.',
  empty: 'Todavía no tienes direcciones de envío. Agrega una para poder comprar.',
} as const;

/** A user may keep this many addresses (keeps the list naturally small). */
export const MAX_SHIPPING_ADDRESSES = 20;

/** The address form; every text required, whitespace-only counts as empty; default optional. */
export const ShippingAddressInputSchema = z.object({
  address: requiredText(shippingAddressMessages.addressRequired, 200),
  city: requiredText(shippingAddressMessages.cityRequired, 100),
  state: requiredText(shippingAddressMessages.stateRequired, 100),
  country: requiredText(shippingAddressMessages.countryRequired, 100),
  postal_code: requiredText(shippingAddressMessages.postalCodeRequired, 20),
  is_default: z.boolean({ error: 'El valor de predeterminada no es válido' }).optional().default(false),
});
export type ShippingAddressInput = z.infer<typeof ShippingAddressInputSchema>;
export type ShippingAddressFormValues = z.input<typeof ShippingAddressInputSchema>;

/** `PUT /api/shipping-addresses/{id}` with only `{is_default: true}` sets the default. */
export const SetDefaultAddressSchema = z.object({ is_default: z.literal(true) }).strict();

/** True when an update body only asks to make the address the default. */
export function isSetDefaultOnly(body: unknown): boolean {
  return SetDefaultAddressSchema.safeParse(body).success;
}

export const ShippingAddressSchema = z.object({
  id: z.number(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const ShippingAddressSavedSchema = z.object({ message: z.string(), address: ShippingAddressSchema });
export type ShippingAddressSaved = z.infer<typeof ShippingAddressSavedSchema>;

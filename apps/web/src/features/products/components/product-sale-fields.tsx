import { offerMessages } from '@app/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import type { CreateProductValues } from './create-product-values.ts';
import styles from './product-form.module.css';

/**
 * How the product may be sold: its auction prices, and buy-now with its price and offers (the
 * offers' automatic answers only while offers are accepted).
 */
export function ProductSaleFields({ form }: { form: UseFormReturn<CreateProductValues> }) {
  const {
    register,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const canBeBought = watch('can_be_bought');
  const acceptsOffers = watch('accepts_offers');
  return (
    <>
      <MoneyField
        label="Precio de reserva (COP)"
        error={errors.reserve_price?.message}
        {...register('reserve_price')}
      />
      <MoneyField label="Precio base (COP)" error={errors.base_price?.message} {...register('base_price')} />
      <div className={`field ${styles.full}`}>
        <label className="checkbox">
          <input
            type="checkbox"
            {...register('can_be_bought', {
              // Turning buy-now off clears the sell price.
              onChange: (event: { target: { checked: boolean } }) => {
                if (!event.target.checked) {
                  setValue('sell_price', '');
                  clearErrors('sell_price');
                }
              },
            })}
          />
          Permitir compra directa
        </label>
      </div>
      {canBeBought && (
        <MoneyField
          label="Precio de venta (COP)"
          required
          error={errors.sell_price?.message}
          {...register('sell_price')}
        />
      )}
      {canBeBought && (
        <div className={`field ${styles.full}`}>
          <label className="checkbox">
            <input type="checkbox" {...register('accepts_offers')} />
            {offerMessages.acceptsOffers}
          </label>
        </div>
      )}
      {canBeBought && acceptsOffers && (
        <>
          <MoneyField
            label={offerMessages.autoAcceptPrice}
            error={errors.auto_accept_price?.message}
            {...register('auto_accept_price')}
          />
          <MoneyField
            label={offerMessages.autoDeclinePrice}
            error={errors.auto_decline_price?.message}
            {...register('auto_decline_price')}
          />
        </>
      )}
    </>
  );
}

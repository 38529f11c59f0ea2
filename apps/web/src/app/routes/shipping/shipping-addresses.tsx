import { ShippingAddressesView } from '../../../features/shipping/components/shipping-addresses-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /shipping-addresses: the user's addresses (login required by the router). */
export function Component() {
  usePageMeta({ title: 'Direcciones de Envío', description: 'Administra tus direcciones de envío.' });
  return (
    <section className="page">
      <ShippingAddressesView />
    </section>
  );
}

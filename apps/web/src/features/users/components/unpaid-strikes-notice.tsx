import { STRIKES_TO_BLOCK, trustMessages } from '@app/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';

/**
 * The own profile's count of won items let expire unpaid in the last year, with what it means:
 * at 3, bidding and buying stop. Nothing while there are none.
 */
export function UnpaidStrikesNotice({ strikes, wonHref }: { strikes: number; wonHref: string }) {
  if (strikes <= 0) return null;
  if (strikes >= STRIKES_TO_BLOCK) {
    return (
      <Alert kind="error" as="div" data-unpaid-strikes={strikes}>
        <p className="flush">
          <strong>Compras ganadas sin pagar: {strikes}</strong>
        </p>
        <p className="flush">{trustMessages.struckOut}</p>
      </Alert>
    );
  }
  return (
    <Alert kind="info" as="div" role="note" data-unpaid-strikes={strikes}>
      <p className="flush">
        <strong>Compras ganadas sin pagar: {strikes}</strong>
      </p>
      <p className="flush">
        {strikes === 1
          ? 'Dejaste vencer sin pagar 1 compra ganada en el último año.'
          : `Dejaste vencer sin pagar ${strikes} compras ganadas en el último año.`}{' '}
        Si llegas a {STRIKES_TO_BLOCK} en un año, tu cuenta no podrá pujar ni comprar. Cada una deja de contar
        un año después de vencer. <Link to={wonHref}>Ver mis subastas ganadas</Link>
      </p>
    </Alert>
  );
}

import { bidAmountProblem, bidMessages, formatNumber, validateBid } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePlaceBid } from '../api/place-bid.ts';

type Race = {
  productKey: string;
  auctionId: number;
  productId: number;
  highest: number;
  minOffer: number;
  maxOffer: number;
};

/**
 * The bid form's state: the typed bid and optional maximum, checked by the shared bidding rules
 * before anything is sent, then the placed bid's outcome or the refusal.
 */
export function useBidForm({ productKey, auctionId, productId, highest, minOffer, maxOffer }: Race) {
  const placeBid = usePlaceBid(productKey);
  const [amount, setAmount] = useState('');
  const [maxAmount, setMaxAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSuccess(null);
    const value = amount.trim() === '' ? Number.NaN : Number(amount);
    const problem = validateBid({ amount: value, highest, min_offer: minOffer, max_offer: maxOffer });
    if (problem) {
      setError(problem);
      return;
    }
    let max: number | undefined;
    if (maxAmount.trim() !== '') {
      max = Number(maxAmount);
      const maxProblem = bidAmountProblem(max, bidMessages.invalidMax);
      if (maxProblem) {
        setError(maxProblem);
        return;
      }
      if (max < value) {
        setError(bidMessages.maxBelowAmount);
        return;
      }
    }
    setError(null);
    try {
      const placed = await placeBid.mutateAsync({
        amount: value,
        auction_id: auctionId,
        product_id: productId,
        ...(max === undefined ? {} : { max_amount: max }),
      });
      setAmount('');
      setMaxAmount('');
      setSuccess(
        placed.highest_bid > placed.amount
          ? `${bidMessages.placed} Otra puja máxima respondió: la puja actual es $${formatNumber(placed.highest_bid)}.`
          : bidMessages.placed,
      );
    } catch (err) {
      setError(errorMessage(err, bidMessages.placeError));
    }
  }

  return {
    amount,
    maxAmount,
    error,
    success,
    busy: placeBid.isPending,
    submit,
    changeAmount(value: string) {
      setAmount(value);
      setError(null);
    },
    changeMaxAmount(value: string) {
      setMaxAmount(value);
      setError(null);
    },
  };
}

export type BidFormState = ReturnType<typeof useBidForm>;

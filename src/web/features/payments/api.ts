/**
 * Data module of the payments feature: fetchers for every payment endpoint, their query keys
 * and the query hooks. Mutations live next to the dialog that uses them.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api';
import { invalidateBookingViews } from '@/web/lib/bookingViews';
import type {
  AdditionalChargeRequest,
  AdditionalChargeResponse,
  BankDetailsPage,
  CancellationQuote,
  CancelResponse,
  CreatePaymentRequest,
  CreatePaymentResponse,
  LocalCard,
  LocalConfirmResponse,
  PaymentResult,
  RevealedBankDetails,
  TransactionPage,
} from '@/domain/contract/payments';

const enc = encodeURIComponent;

export const paymentKeys = {
  result: (bookingId: string | null, paymentIntent: string | null) =>
    ['payments', 'result', bookingId ?? '', paymentIntent ?? ''] as const,
  cancellation: (bookingId: string) => ['payments', 'cancellation', bookingId] as const,
  transactions: (filters: TransactionFilters) => ['admin', 'transactions', filters] as const,
  transactionsAll: ['admin', 'transactions'] as const,
  bankDetails: (q: string, cursor: string | null) => ['admin', 'bank-details', q, cursor ?? ''] as const,
};

export const paymentsApi = {
  createPayment: (body: CreatePaymentRequest) => api.post<CreatePaymentResponse>('/api/create-payment', body),

  confirmLocal: (clientSecret: string, card: LocalCard) =>
    api.post<LocalConfirmResponse>('/api/local-processor/confirm', { client_secret: clientSecret, card }),

  authenticateLocal: (intentId: string, clientSecret: string, outcome: 'complete' | 'fail') =>
    api.post<LocalConfirmResponse>(`/api/local-processor/intents/${enc(intentId)}/authenticate`, {
      client_secret: clientSecret,
      outcome,
    }),

  /** By booking_id, or else by payment_intent (the server lets booking_id win when both are sent). */
  result: (bookingId: string | null, paymentIntent: string | null, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    if (bookingId) params.set('booking_id', bookingId);
    if (paymentIntent) params.set('payment_intent', paymentIntent);
    return api.get<PaymentResult>(`/api/payments/result?${params.toString()}`, { signal });
  },

  cancellationQuote: (bookingId: string, signal?: AbortSignal) =>
    api.get<CancellationQuote>(`/api/bookings/${enc(bookingId)}/cancellation`, { signal }),

  cancel: (bookingId: string, reason?: string) =>
    api.post<CancelResponse>(`/api/bookings/${enc(bookingId)}/cancel`, reason ? { reason } : {}),

  chargeAdditional: (body: AdditionalChargeRequest) =>
    api.post<AdditionalChargeResponse>('/api/charge-additional', body),

  transactions: (filters: TransactionFilters, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
    return api.get<TransactionPage>(`/api/admin/transactions?${params.toString()}`, { signal });
  },

  bankDetails: (q: string, cursor: string | null, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (cursor) params.set('cursor', cursor);
    return api.get<BankDetailsPage>(`/api/admin/bank-details?${params.toString()}`, { signal });
  },

  revealBankDetails: (venueId: string) =>
    api.post<RevealedBankDetails>(`/api/admin/venues/${enc(venueId)}/bank-details/reveal`),
};

export interface TransactionFilters {
  kind?: string;
  status?: string;
  q?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

/**
 * The truth about a booking's payment for /payment-success. While the provider still says
 * "processing" it asks again every 2 seconds (the server settles it from the provider's event or
 * by asking the provider), and stops once the answer is final.
 */
export function usePaymentResult(bookingId: string | null, paymentIntent: string | null) {
  return useQuery({
    queryKey: paymentKeys.result(bookingId, paymentIntent),
    queryFn: ({ signal }) => paymentsApi.result(bookingId, paymentIntent, signal),
    enabled: Boolean(bookingId || paymentIntent),
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'processing' ? 2000 : false),
  });
}

export function useCancellationQuote(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.cancellation(bookingId),
    queryFn: ({ signal }) => paymentsApi.cancellationQuote(bookingId, signal),
    enabled,
    // The refund depends on the time left before the event: always ask the server afresh.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useTransactions(filters: TransactionFilters) {
  return useQuery({
    queryKey: paymentKeys.transactions(filters),
    queryFn: ({ signal }) => paymentsApi.transactions(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBankDetails(q: string, cursor: string | null) {
  return useQuery({
    queryKey: paymentKeys.bankDetails(q, cursor),
    queryFn: ({ signal }) => paymentsApi.bankDetails(q, cursor, signal),
    placeholderData: keepPreviousData,
  });
}

/** After a payment, charge, refund or cancellation: the booking lists, tiles and transactions. */
export function invalidatePaymentViews(queryClient: QueryClient, venueId?: string) {
  invalidateBookingViews(queryClient, venueId);
  void queryClient.invalidateQueries({ queryKey: paymentKeys.transactionsAll });
  void queryClient.invalidateQueries({ queryKey: ['payments'] });
}

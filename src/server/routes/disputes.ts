import { DISPUTE_MESSAGES } from '@/domain/charges';
import { decideDisputeSchema, disputeChargeSchema } from '@/domain/schemas';
import { endpoint, json, pathId } from '../http/endpoint';
import { decideDispute } from '../services/payments/decide-dispute';
import { disputeCharge } from '../services/payments/dispute-charge';
import { listDisputes, listGuestCharges } from '../services/payments/list-disputes';

/** Disputed additional charges (issue 30, decision 82): the guest disputes, the admin decides. */
export const DISPUTE_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/charges',
    tag: 'Payments',
    summary: "The viewer's additional charges as a guest, with their disputes",
    access: 'signed in',
    ok: json('GuestChargeList'),
    cache: 'no-store',
    handler: ({ ctx, viewer }) => listGuestCharges(ctx, viewer),
  }),

  endpoint({
    method: 'post',
    path: '/charges/{id}/dispute',
    tag: 'Payments',
    summary: 'Dispute an additional charge (within 48 hours)',
    description: "The booking's guest.",
    access: 'signed in',
    params: { id: pathId(DISPUTE_MESSAGES.chargeNotFound) },
    body: disputeChargeSchema,
    ok: json('ChargeDisputeItem', 201),
    handler: ({ ctx, viewer, params, body }) => disputeCharge(ctx, viewer, params.id, body),
  }),

  endpoint({
    method: 'get',
    path: '/admin/disputes',
    tag: 'Payments',
    summary: 'Disputed charges, open first',
    access: 'admin',
    ok: json('ChargeDisputeList'),
    cache: 'no-store',
    handler: ({ ctx }) => listDisputes(ctx),
  }),

  endpoint({
    method: 'post',
    path: '/admin/disputes/{id}/decide',
    tag: 'Payments',
    summary: 'Uphold a disputed charge or refund it',
    access: 'admin',
    params: { id: pathId(DISPUTE_MESSAGES.disputeNotFound) },
    body: decideDisputeSchema,
    ok: json('ChargeDisputeItem'),
    idempotent: true,
    handler: ({ ctx, viewer, params, body }) => decideDispute(ctx, viewer, params.id, body),
  }),
];

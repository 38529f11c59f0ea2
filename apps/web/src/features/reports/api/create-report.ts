import { type CreateReportInput, reportsEndpoints } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** POST /api/reports: one open report per reporter and target (a second one is a 409). */
const createReport = (input: CreateReportInput) => call(reportsEndpoints.create, { body: input });

export const useCreateReport = () => useMutation({ mutationFn: createReport });

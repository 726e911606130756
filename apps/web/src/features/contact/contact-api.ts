import type { ContactCreated, ContactMessage } from '@consult/shared';
import { api } from '../../lib/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactCreated, ContactMessage>({
      query: (body) => ({ url: '/contactMe', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;

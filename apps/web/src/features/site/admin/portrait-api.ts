/** The portrait upload: a multipart form with the photo; the answer names the stored variants. */
import type { PortraitUploaded } from '@consult/shared';
import { api } from '../../../lib/api';

export const portraitApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadPortrait: build.mutation<PortraitUploaded, FormData>({
      query: (body) => ({ url: '/admin/site/portrait', method: 'POST', body }),
    }),
  }),
});

export const { useUploadPortraitMutation } = portraitApi;

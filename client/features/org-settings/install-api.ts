import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { signUpStatusQuery } from '../auth/sign-up-status.js';

const FIELDS = 'open source is_operator_organization can_change updated_at';

export const INSTALL_SIGN_UP = graphql(`
  query InstallSignUp {
    installSignUp { ${FIELDS} }
  }
`);

/** Public organization sign-up for the whole install (server/features/install). */
export type InstallSignUp = ResultOf<typeof INSTALL_SIGN_UP>['installSignUp'];

export const installSignUpQueryOptions = queryOptions({
  queryKey: ['install', 'sign-up'],
  queryFn: async () => (await gql(INSTALL_SIGN_UP)).installSignUp,
});

export const SET_SIGN_UP_OPEN = graphql(`
  mutation SetSignUpOpen($open: Boolean!) {
    setSignUpOpen(open: $open) { ${FIELDS} }
  }
`);

export function useSetSignUpOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (open: boolean) => (await gql(SET_SIGN_UP_OPEN, { open })).setSignUpOpen,
    onSuccess: (state) => {
      queryClient.setQueryData(installSignUpQueryOptions.queryKey, state);
      void queryClient.invalidateQueries({ queryKey: signUpStatusQuery.queryKey }); // the public pages' links
    },
  });
}

export const EMAIL_DELIVERY = graphql(`
  query EmailDelivery {
    emailDelivery { configured waiting }
  }
`);

/** Whether this server sends mail, and how many messages wait in the outbox (admin dashboard banner). */
export type EmailDelivery = ResultOf<typeof EMAIL_DELIVERY>['emailDelivery'];

export const emailDeliveryQueryOptions = queryOptions({
  queryKey: ['emailOutbox', 'delivery'],
  queryFn: async () => (await gql(EMAIL_DELIVERY)).emailDelivery,
});

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_GUEST_HEADER,
  type ChatConversation,
  type ChatMessage,
  type ChatSend,
} from '@playhouse/contract/chat';
import { apiFetch } from '../../lib/api.ts';
import { uploadImages } from '../../lib/uploads.ts';

/** Who chats: the signed-in member, or a guest known by the token their contact form returned. */
export type ChatParty = { kind: 'member'; userName: string } | { kind: 'guest'; token: string };

export interface ChatState {
  conversation: ChatConversation | null;
  messages: ChatMessage[];
}

/** The member's history lives under `member` (a new session drops it); a guest's under its token. */
export const chatKey = (party: ChatParty) =>
  party.kind === 'member' ? ['member', 'chat', party.userName] : ['chatGuest', party.token];

const headersOf = (party: ChatParty): Record<string, string> =>
  party.kind === 'guest' ? { [CHAT_GUEST_HEADER]: party.token } : {};

/** My conversation and its newest messages (`GET /wps/chat`). */
export function useChatHistory(party: ChatParty) {
  return useQuery({
    queryKey: chatKey(party),
    queryFn: () => apiFetch<ChatState>('/wps/chat', { headers: headersOf(party) }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The state with one message added (pushed and answered copies of a message are the same one). */
export function withMessage(state: ChatState | undefined, message: ChatMessage): ChatState | undefined {
  if (!state || state.messages.some((m) => m.id === message.id)) return state;
  return { ...state, messages: [...state.messages, message].sort((a, b) => a.id - b.id) };
}

/** Sends a text, or an image the member picked (uploaded first with purpose `chat`). */
export function useSendChat(party: ChatParty) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { text: string } | { file: File }) => {
      const body: ChatSend =
        'file' in input
          ? { uploadId: (await uploadImages([input.file], 'chat'))[0]!.uploadId }
          : { text: input.text };
      return apiFetch<ChatMessage>('/wps/chat/messages', {
        method: 'POST',
        body,
        headers: headersOf(party),
      });
    },
    onSuccess: (message) => {
      const key = chatKey(party);
      const state = queryClient.getQueryData<ChatState>(key);
      // A first message, or one after the last conversation closed, starts a conversation: reload.
      if (!state?.conversation || state.conversation.id !== message.conversationId)
        void queryClient.invalidateQueries({ queryKey: key });
      else queryClient.setQueryData<ChatState>(key, (old) => withMessage(old, message));
    },
  });
}

/** Read receipts: I have read up to `lastId`; the badges count again. */
export async function markChatRead(party: ChatParty, lastId: number): Promise<void> {
  await apiFetch('/wps/chat/read', { method: 'POST', body: { lastId }, headers: headersOf(party) });
}

export function useRateChat(party: ChatParty) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: number; comment?: string }) =>
      apiFetch<ChatConversation>('/wps/chat/rating', { method: 'POST', body, headers: headersOf(party) }),
    onSuccess: (conversation) =>
      queryClient.setQueryData<ChatState>(chatKey(party), (old) => (old ? { ...old, conversation } : old)),
  });
}

/** A guest leaves a name and a contact; answers the token their chat goes by. */
export function startGuestChat(body: { name: string; contact: string }) {
  return apiFetch<{ guestToken: string; conversationId: number }>('/wps/chat/guest', {
    method: 'POST',
    body,
  });
}

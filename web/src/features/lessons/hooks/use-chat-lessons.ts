import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import {
  AcceptLessonSlotDocument,
  CancelLessonDocument,
  ChatLessonsDocument,
  type LessonFieldsFragment,
  LessonChangedDocument,
  ProposeLessonDocument,
  RescheduleLessonDocument,
} from "../../../gql/graphql";
import type { SlotValue } from "../components/ProposeLessonDialog";

const PAGE = 20;

/**
 * A chat's lessons, kept live: the partner's proposals, acceptances and changes arrive through
 * `lessonChanged` and the list is read again (a new proposal is a new row in it).
 */
export function useChatLessons(chatWith: string) {
  const variables = { chatWith, first: PAGE };
  const query = useQuery(ChatLessonsDocument, { variables, fetchPolicy: "cache-and-network" });
  useSubscription(LessonChangedDocument, { variables: { chatWith }, onData: () => void query.refetch() });
  const refetchQueries = [{ query: ChatLessonsDocument, variables }];
  const [propose] = useMutation(ProposeLessonDocument, { refetchQueries });
  const [accept] = useMutation(AcceptLessonSlotDocument, { refetchQueries });
  const [cancel] = useMutation(CancelLessonDocument, { refetchQueries });
  const [reschedule] = useMutation(RescheduleLessonDocument, { refetchQueries });
  const lessons = (query.data?.lessons.edges ?? []).map((e) => e.node as LessonFieldsFragment);
  return {
    lessons,
    loading: query.loading && !query.data,
    error: query.error,
    propose: async (slots: SlotValue[], timezone: string) => void (await propose({ variables: { chatWith, slots, timezone } })),
    accept: async (lessonId: string, slotId: string) => void (await accept({ variables: { lessonId, slotId } })),
    cancel: async (lessonId: string) => void (await cancel({ variables: { lessonId } })),
    reschedule: async (lessonId: string, slot: SlotValue, timezone: string) =>
      void (await reschedule({ variables: { lessonId, slot, timezone } })),
  };
}

import { useMediaQuery } from "../../../lib/use-media-query";

/** True on touch screens, decided by the pointer the browser reports (never by the user agent): what the hints should speak of. */
export const useCoarsePointer = (): boolean => useMediaQuery("(pointer: coarse)");

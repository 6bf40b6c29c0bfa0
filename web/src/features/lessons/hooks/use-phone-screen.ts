import { useMediaQuery } from "../../../lib/use-media-query";

/**
 * A phone as students hold it: a narrow screen driven by touch. The chat's width breakpoint (640 px,
 * ChatPage.module.css) and a coarse pointer: a narrow desktop window keeps everything open.
 */
const PHONE_SCREEN = "(max-width: 640px) and (pointer: coarse)";

/** True on a phone-sized touch screen; follows rotation and resizing. */
export const usePhoneScreen = (): boolean => useMediaQuery(PHONE_SCREEN);

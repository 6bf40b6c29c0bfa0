import { useMediaQuery } from "../../../lib/use-media-query";

/**
 * A phone as students hold it, upright or turned: a narrow or short screen driven by touch. The chat's
 * breakpoints (640 px wide, 520 px high: ChatPage.module.css) and a coarse pointer: a small desktop
 * window keeps everything open.
 */
const PHONE_SCREEN = "(max-width: 640px) and (pointer: coarse), (max-height: 520px) and (pointer: coarse)";

/** True on a phone-sized touch screen; follows rotation and resizing. */
export const usePhoneScreen = (): boolean => useMediaQuery(PHONE_SCREEN);

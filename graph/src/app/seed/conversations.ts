/** What the demo students say: chat scripts and project problems (texts only, no rules). */

/** One message: when (days and hours after the chat opened), who sends it ("me" is the demo student), what. */
export type Line = [days: number, hours: number, from: "me" | "them", text: string];

/** A short exchange for a finished swap between two other students ("me" is the requester). */
export function smallTalk(learn: string, teach: string | null): Line[] {
  return [
    [0, 1, "me", `Hi! Thanks for accepting. When are you free for the first ${learn} session?`],
    [0, 3, "them", "Weekday evenings after 5 work for me. Library reading room or online?"],
    [0, 4, "me", "Online is easier during internals. I'll share a Meet link."],
    [
      3,
      2,
      "them",
      teach ? `Good session today! Next time you can show me some ${teach}.` : "Good session today! Try the exercises before Thursday.",
    ],
    [8, 5, "me", `Done with the practice set. ${learn} finally makes sense, thank you!`],
  ];
}

/** The demo student learnt Japanese from a classmate and taught Python back (finished). */
export const FINISHED_SWAP: Line[] = [
  [0, 1, "me", "Konnichiwa! Thanks for accepting. Hiragana first, I guess?"],
  [0, 2, "them", "Yes! Hiragana this week, katakana next. And I want to finally understand Python classes :)"],
  [0, 3, "me", "Deal. Tuesday and Friday evenings in the library?"],
  [2, 4, "them", "Sent you a hiragana chart. Practise the first five rows before Friday."],
  [5, 6, "me", "I wrote a small flashcard script for the kana. Sharing it, it uses the classes we did."],
  [9, 3, "them", "Your N5 vocabulary is getting good. One more session and we can wrap up?"],
  [11, 2, "me", "Arigatou gozaimasu! Rating you now."],
];

/** The demo student pays a classmate for photography lessons (in progress, old enough to finish). */
export const PAID_LESSONS: Line[] = [
  [0, 1, "them", "Hi Aarav! Got your coins. Do you have a camera, or are we starting with your phone?"],
  [0, 2, "me", "Only my phone for now, a Pixel. Is that enough to start?"],
  [0, 3, "them", "More than enough. Shoot 10 photos around the campus using the rule of thirds before Saturday."],
  [3, 5, "me", "Uploaded them to the drive. The one of the main building at sunset came out nice."],
  [3, 7, "them", "Loved that one! Next: manual mode, ISO and shutter speed. Same Meet link."],
  [7, 4, "me", "Tried long exposure at the Peelamedu signal. Light trails!"],
  [10, 6, "them", "You've covered everything I planned. Let's do a final photo walk near the hockey ground on Sunday."],
  [12, 2, "me", "See you at 7 am at the main gate!"],
];

/** The demo student's live skill swap: Machine Learning for React. */
export const LIVE_SWAP: Line[] = [
  [0, 1, "them", "Hey! Happy to swap. I can take you from linear regression to a small CNN."],
  [0, 2, "me", "Perfect. And I'll get you comfortable with React hooks and routing."],
  [1, 4, "them", "First notebook is up: gradient descent from scratch with NumPy. Try it before Thursday."],
  [2, 3, "me", "Done! The learning-rate plot finally clicked. Your turn: useState and useEffect tomorrow?"],
  [3, 5, "them", "Built the todo app with hooks! Why does my effect run twice, though?"],
  [3, 6, "me", "That's StrictMode in development. It's fine, I'll explain on call."],
  [5, 2, "them", "Next week: train/test splits and overfitting. Bring the Titanic dataset."],
  [6, 0, "me", "Downloaded it. Also pushed the React router exercise for you, check the README."],
];

/** The project chat that opened when the demo student was accepted to a problem. */
export const PROJECT_CHAT: Line[] = [
  [0, 1, "them", "Welcome to the team! I'll add you to the GitHub repo. What's your username?"],
  [0, 2, "me", "aarav-sharma-22z. I can take the data cleaning and the training script."],
  [0, 4, "them", "Great. We have about 2,000 scanned answer sheets; the labels are in a CSV."],
  [1, 5, "me", "Pushed a first baseline: 71% character accuracy. The similar-looking letters are the worst."],
  [2, 6, "them", "Nice start! Let's try augmentation, then demo it to our HoD on Friday."],
  [3, 8, "me", "Augmentation got us to 78%. Updating the slides tonight."],
  [4, 7, "them", "Slides look great. The demo is at 11 tomorrow in the HoD's room."],
];

export interface ProblemText {
  title: string;
  description: string;
  /** Owners preferably know this skill. */
  skill: string;
}

export const PROBLEMS: ProblemText[] = [
  {
    title: "Canteen pre-order app for the main block",
    description:
      "The lunch queue at the main block canteen eats 20 minutes of a 45-minute break. I want a Flutter app where students pre-order and pick up at a counter with a token. Need one more Flutter dev and someone for the Node.js backend.",
    skill: "Flutter",
  },
  {
    title: "Tamil handwriting recognition for answer sheets",
    description:
      "Our department wants to digitise old Tamil answer sheets. I have ~2,000 labelled scans and a rough CNN. Looking for people who know Python and some machine learning to improve accuracy and build a small demo for the HoD.",
    skill: "Machine Learning",
  },
  {
    title: "Smart irrigation for the college herb garden",
    description:
      "Soil-moisture sensors + Arduino + a relay for the drip line, with readings on a small dashboard. The botany club will fund the parts. Need help with the circuit and the enclosure (3D printing welcome).",
    skill: "Arduino",
  },
  {
    title: "Website for the Kriya symposium",
    description:
      "We need a fast website for event listings, registrations and schedules for the inter-college symposium. React front end, simple admin page for the coordinators. Designers welcome too.",
    skill: "React",
  },
  {
    title: "Aerial photos of the campus for the yearbook",
    description:
      "Planning a drone shoot of the campus for the yearbook and the alumni newsletter. Looking for someone who can fly (we have permission) and someone good at photo editing.",
    skill: "Photography",
  },
  {
    title: "Spaced-repetition flashcards for GATE prep",
    description:
      "A small web app that schedules GATE flashcards with spaced repetition (SM-2), with shared decks per subject. Looking for a backend dev and people to write good cards for Signals and Digital Electronics.",
    skill: "JavaScript",
  },
  {
    title: "Lost-and-found portal for the hostels",
    description:
      "Every week someone loses an ID card or a calculator. A simple portal where you post found items with a photo and the owner claims them after a verification question. Need a UI/UX person and a second developer.",
    skill: "UI/UX Design",
  },
];

/** The demo student's own problem, with applicants waiting for an answer. */
export const DEMO_PROBLEM: ProblemText = {
  title: "Open-source timetable generator for our department",
  description:
    "Every semester the timetable is made by hand in Excel and clashes are found in week one. I'm building a constraint solver (Python) with a React front end that exports the usual PDF. Looking for 2 people: one for the solver, one for the UI.",
  skill: "Python",
};

export const JOIN_REASONS = [
  "I built something similar for my mini project last semester and would love to help.",
  "I have free evenings this month and want real project experience before placements.",
  "I know the basics and I'm a quick learner. Happy to take the boring parts too!",
  "I can help with the design and the slides for the final demo.",
  "This would solve a real problem for my hostel wing. Count me in.",
  "I've done two internships in this area and can help with the architecture.",
];

export const DEMO_JOIN_REASON =
  "I've trained CNNs in Python for my ML elective and I'd love to work on Tamil scripts. I can take data cleaning and training.";

/** The demo community: believable students of one college, their skills and languages. */

export const DEMO_PASSWORD = "skillexchange-demo";

export const STUDENTS: Array<{ name: string; gender: "Male" | "Female"; roll: string }> = [
  { name: "Aarav Sharma", gender: "Male", roll: "22z201" },
  { name: "Meera Krishnan", gender: "Female", roll: "22z214" },
  { name: "Karthik Subramanian", gender: "Male", roll: "21z305" },
  { name: "Divya Ramesh", gender: "Female", roll: "23z118" },
  { name: "Rohan Iyer", gender: "Male", roll: "22d142" },
  { name: "Ananya Menon", gender: "Female", roll: "21m207" },
  { name: "Vikram Reddy", gender: "Male", roll: "22p233" },
  { name: "Sneha Patil", gender: "Female", roll: "23z145" },
  { name: "Arjun Nair", gender: "Male", roll: "21z322" },
  { name: "Priya Venkatesh", gender: "Female", roll: "22l109" },
  { name: "Siddharth Rao", gender: "Male", roll: "23d121" },
  { name: "Lakshmi Narayanan", gender: "Female", roll: "22z239" },
  { name: "Harish Kumar", gender: "Male", roll: "21p214" },
  { name: "Kavya Srinivasan", gender: "Female", roll: "23m131" },
  { name: "Aditya Joshi", gender: "Male", roll: "22z256" },
  { name: "Nandini Gowda", gender: "Female", roll: "21d238" },
  { name: "Pranav Desai", gender: "Male", roll: "23z162" },
  { name: "Ishita Banerjee", gender: "Female", roll: "22m244" },
  { name: "Manoj Pillai", gender: "Male", roll: "21l117" },
  { name: "Shruti Balaji", gender: "Female", roll: "22z271" },
  { name: "Rahul Verma", gender: "Male", roll: "23p104" },
  { name: "Pooja Hegde", gender: "Female", roll: "21z348" },
  { name: "Gokul Raj", gender: "Male", roll: "22d163" },
  { name: "Aishwarya Sundaram", gender: "Female", roll: "23z177" },
  { name: "Naveen Chandran", gender: "Male", roll: "21m226" },
  { name: "Deepika Mohan", gender: "Female", roll: "22p258" },
  { name: "Sanjay Ganesan", gender: "Male", roll: "23l143" },
  { name: "Ritika Agarwal", gender: "Female", roll: "22z283" },
  { name: "Abhishek Kulkarni", gender: "Male", roll: "21z361" },
  { name: "Harini Prakash", gender: "Female", roll: "23d156" },
  { name: "Tarun Shetty", gender: "Male", roll: "22m219" },
  { name: "Keerthana Raghavan", gender: "Female", roll: "21p247" },
  { name: "Yash Malhotra", gender: "Male", roll: "23z189" },
  { name: "Swathi Anand", gender: "Female", roll: "22l125" },
  { name: "Nikhil Bhat", gender: "Male", roll: "21d251" },
  { name: "Varsha Elango", gender: "Female", roll: "23m168" },
  { name: "Farhan Sheikh", gender: "Male", roll: "22z294" },
  { name: "Janani Murugan", gender: "Female", roll: "21z373" },
  { name: "Dev Mehta", gender: "Male", roll: "23p182" },
  { name: "Tanvi Kapoor", gender: "Female", roll: "22d177" },
];

export const SKILLS: Record<string, string[]> = {
  "Programming & Technology": [
    "Python",
    "JavaScript",
    "React",
    "Java",
    "C++",
    "Data Structures & Algorithms",
    "Machine Learning",
    "Node.js",
    "Flutter",
    "SQL",
    "Android Development",
    "Competitive Programming",
    "Go",
    "Rust",
  ],
  "Hobbies & Crafts": ["Photography", "Sketching", "Watercolour Painting", "Origami", "Calligraphy", "Baking", "Gardening"],
  "Academics & Education": [
    "Calculus",
    "Linear Algebra",
    "Engineering Physics",
    "Statistics",
    "Engineering Drawing",
    "Thermodynamics",
    "Digital Electronics",
    "Signals and Systems",
  ],
  "Languages & Linguistics": ["French", "German", "Japanese", "Spanish", "Hindi", "Tamil", "Sanskrit", "Korean"],
  "Business & Entrepreneurship": [
    "Digital Marketing",
    "Financial Modelling",
    "Startup Pitching",
    "Stock Market Basics",
    "Product Management",
    "Excel",
  ],
  "Fitness & Wellness": ["Yoga", "Running", "Weight Training", "Meditation", "Badminton", "Swimming", "Nutrition"],
  "Music & Performing Arts": ["Guitar", "Carnatic Vocal", "Keyboard", "Bharatanatyam", "Tabla", "Violin", "Theatre"],
  "Technology & Gadgets": ["Arduino", "Raspberry Pi", "3D Printing", "Drone Building", "PC Building", "PCB Design"],
  "Personal Development": ["Public Speaking", "Time Management", "Resume Writing", "Interview Preparation", "Creative Writing"],
  Other: ["Chess", "Video Editing", "Rubik's Cube", "Graphic Design", "UI/UX Design", "Cricket Coaching"],
};

/** Mostly south Indian students with classmates from elsewhere; English is everyone's. */
export const REGIONAL_LANGUAGES = [
  "Tamil",
  "Tamil",
  "Tamil",
  "Malayalam",
  "Telugu",
  "Kannada",
  "Hindi",
  "Hindi",
  "Marathi",
  "Bengali",
  "Gujarati",
  "Punjabi",
];
export const EXTRA_LANGUAGES = ["French", "German", "Japanese", "Spanish", "Korean"];

/** A small deterministic PRNG (mulberry32): the same community on every fresh start. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

/**
 * Müse’s original prompt library, written for Müse. Quotations in the Quotes category are
 * public-domain works by authors who died before 1925.
 *
 * Ids are stable (`seed-<category>-NN`) so that seeding stays idempotent: never renumber,
 * only append new prompts with the next free number.
 */

export type SeedPrompt = { id: string; title: string; categories: string[] };

export const SEED_PROMPTS: readonly SeedPrompt[] = [
  {
    id: 'seed-gratitude-01',
    title:
      'What small, ordinary thing made today a little easier, and who or what do you have to thank for it?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-02',
    title: 'Write a letter to someone who helped you without ever knowing how much it mattered.',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-03',
    title:
      'Describe a meal you remember fondly. Who was at the table, and what made it feel special?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-04',
    title: 'Which part of your body are you grateful for today, and what did it carry you through?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-05',
    title:
      'Think of a teacher, formal or not, who changed the way you see something. What did they give you?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-06',
    title: 'What is something you own that quietly makes every day better?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-07',
    title: 'Describe a place that has sheltered you, literally or otherwise.',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-08',
    title: 'Who is someone you have never thanked properly? What would you say to them now?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-09',
    title: 'What difficulty from your past are you now, unexpectedly, grateful for?',
    categories: ['Gratitude', 'Growth'],
  },
  {
    id: 'seed-gratitude-10',
    title: 'Name three sounds you heard today that you would miss if they disappeared.',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-11',
    title: 'What skill do you have that someone once took the time to teach you?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-12',
    title: 'Describe a moment of kindness from a stranger that has stayed with you.',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-13',
    title: 'What about this season are you glad to be living through?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-14',
    title: 'Write a thank-you note to your younger self for a choice they made.',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-15',
    title: 'Which friendship are you most grateful for this year, and why that one?',
    categories: ['Gratitude', 'Life'],
  },
  {
    id: 'seed-gratitude-16',
    title: 'What book, song or film arrived in your life at exactly the right time?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-17',
    title: 'What comfort do you usually take for granted? Spend a few lines noticing it properly.',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-18',
    title: 'Describe the last time you laughed until it hurt. Who made that happen?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-19',
    title: 'What tradition, however small, are you glad your family or friends keep alive?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-20',
    title: 'Which everyday routine grounds you, and what would your days feel like without it?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-21',
    title: 'Who believed in you before you believed in yourself?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-22',
    title: 'What is something about where you live that you are thankful for?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-23',
    title: 'Think of a mistake someone forgave you for. How did their forgiveness change things?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-gratitude-24',
    title: 'What are you looking forward to, and what does that anticipation give you right now?',
    categories: ['Gratitude'],
  },
  {
    id: 'seed-growth-01',
    title: 'What belief did you hold firmly five years ago that you have since let go of?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-02',
    title: 'Describe a moment recently when you chose courage over comfort.',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-03',
    title: 'What skill are you slowly getting better at, and how can you tell?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-04',
    title: 'Which piece of feedback stung at first but turned out to be useful?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-05',
    title: 'What would you try if you were certain that failing would cost you nothing but time?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-06',
    title:
      'Write a letter to the person you hope to be in ten years. What do you want them to remember about now?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-07',
    title: 'What habit are you trying to build, and what keeps getting in the way?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-08',
    title: 'Describe a failure that taught you something no success could have.',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-09',
    title: 'Where in your life are you still waiting for permission? Whose permission is it?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-10',
    title: 'What is one thing you are learning to say no to?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-11',
    title: 'When did you last change your mind about something important? What moved you?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-12',
    title: 'What fear has shrunk over the years, and what helped it shrink?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-13',
    title:
      'Which of your patterns would you most like to break, and what might it be protecting you from?',
    categories: ['Growth', 'Self'],
  },
  {
    id: 'seed-growth-14',
    title:
      'Describe a challenge you are facing as if you were telling it to a friend who is rooting for you.',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-15',
    title: 'What does progress look like for you this month, stated as plainly as possible?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-16',
    title:
      'Who do you admire for the way they handle setbacks, and what could you borrow from them?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-17',
    title: 'What question have you been avoiding asking yourself?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-18',
    title: 'What would you do differently if you could live last week again?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-19',
    title:
      'Describe the version of you that shows up on your best days. What helps that person appear?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-20',
    title:
      'What have you outgrown, whether a place, a role or a way of thinking, that you are still holding onto?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-21',
    title: 'What small experiment could you try this week to learn something new about yourself?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-22',
    title: 'Which mistake do you readily forgive in others but not in yourself?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-23',
    title: 'What are you curious about right now, and what is one step toward exploring it?',
    categories: ['Growth'],
  },
  {
    id: 'seed-growth-24',
    title: 'How have you grown kinder, to yourself or to others, over the past year?',
    categories: ['Growth', 'Self'],
  },
  {
    id: 'seed-life-01',
    title: 'What does a good life look like to you, in concrete, everyday terms?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-02',
    title: 'Describe a turning point that divided your life into a before and an after.',
    categories: ['Life'],
  },
  {
    id: 'seed-life-03',
    title: 'What do you hope people say about you when you are not in the room?',
    categories: ['Life', 'Self'],
  },
  {
    id: 'seed-life-04',
    title: 'Which season of your life do you think about most often, and why?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-05',
    title: 'If your life were a book, what would this chapter be called?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-06',
    title: 'What values have stayed constant for you, no matter how much else has changed?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-07',
    title: 'Describe the home you grew up in, one room at a time.',
    categories: ['Life'],
  },
  {
    id: 'seed-life-08',
    title:
      'What does rest actually look like for you, rather than what you think it should look like?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-09',
    title:
      'Who would you call at three in the morning, and what does that tell you about your life?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-10',
    title: 'What is something you wanted badly that you are now glad you didn’t get?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-11',
    title: 'Describe a risk you took that changed the direction of your life.',
    categories: ['Life'],
  },
  {
    id: 'seed-life-12',
    title: 'What does love look like in the smallest moments of your days?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-13',
    title:
      'If you could spend one more ordinary afternoon with someone you’ve lost, how would you spend it?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-14',
    title: 'What question about life are you still trying to answer?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-15',
    title:
      'Which of your choices would surprise the child you once were, and which would delight them?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-16',
    title: 'What would you like to have done more of when you look back on this year?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-17',
    title: 'Describe a place where you feel most like yourself.',
    categories: ['Life'],
  },
  {
    id: 'seed-life-18',
    title: 'How do you want to spend the rest of this decade of your life?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-19',
    title: 'What does enough mean to you: enough money, enough time, enough success?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-20',
    title: 'What story does your family tell about itself, and do you believe it?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-21',
    title: 'Write a letter to someone you have drifted apart from. You don’t have to send it.',
    categories: ['Life'],
  },
  {
    id: 'seed-life-22',
    title: 'What has surprised you most about getting older?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-23',
    title: 'What is one thing you would like to simplify in your life, and what stops you?',
    categories: ['Life'],
  },
  {
    id: 'seed-life-24',
    title: 'Describe a perfectly ordinary day that you would happily live again and again.',
    categories: ['Life'],
  },
  {
    id: 'seed-quotes-01',
    title:
      '“Men are disturbed not by things, but by the views which they take of things.” — Epictetus. What troubled you this week, and which view of it could you change?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-02',
    title:
      '“While we are postponing, life speeds by.” — Seneca. What have you been putting off that deserves your attention now?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-03',
    title:
      '“We suffer more often in imagination than in reality.” — Seneca. Which worry has been larger in your mind than in your life?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-04',
    title:
      '“Look within. Within is the fountain of good, and it will ever bubble up, if thou wilt ever dig.” — Marcus Aurelius. Where do you find good in yourself?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-05',
    title:
      '“The soul is dyed by the thoughts.” — Marcus Aurelius. What colour have your thoughts been lately?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-06',
    title:
      '“Do not act as if thou wert going to live ten thousand years.” — Marcus Aurelius. What would you stop postponing if you took this to heart?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-07',
    title:
      '“A journey of a thousand miles begins with a single step.” — Lao Tzu. What single step could you take today toward something that feels far away?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-08',
    title:
      '“What you do not want done to yourself, do not do to others.” — Confucius. Where could you practise this more generously this week?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-09',
    title:
      '“Write it on your heart that every day is the best day in the year.” — Ralph Waldo Emerson. What would change if you treated today that way?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-10',
    title:
      '“The only way to have a friend is to be one.” — Ralph Waldo Emerson. How have you been a friend to someone lately?',
    categories: ['Quotes', 'Life'],
  },
  {
    id: 'seed-quotes-11',
    title:
      '“Nothing great was ever achieved without enthusiasm.” — Ralph Waldo Emerson. What are you enthusiastic about right now, and where is it leading you?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-12',
    title:
      '“Trust thyself: every heart vibrates to that iron string.” — Ralph Waldo Emerson. When did you last trust your own judgement, and what happened?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-13',
    title:
      '“Things do not change; we change.” — Henry David Thoreau. How has a change in you made something familiar look new?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-14',
    title:
      '“Heaven is under our feet as well as over our heads.” — Henry David Thoreau. What beauty did you find close to the ground today?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-15',
    title:
      '“Be not simply good; be good for something.” — Henry David Thoreau. What is your goodness for, right now?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-16',
    title:
      '“I am large, I contain multitudes.” — Walt Whitman. Which contradictions in yourself have you made peace with?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-17',
    title:
      '“Forever is composed of nows.” — Emily Dickinson. What is happening in your now that you want to savour?',
    categories: ['Quotes', 'Today'],
  },
  {
    id: 'seed-quotes-18',
    title:
      '“I dwell in Possibility.” — Emily Dickinson. What possibility are you living inside at the moment?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-19',
    title:
      '“That it will never come again is what makes life so sweet.” — Emily Dickinson. What moment this week will never come again?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-20',
    title:
      '“Lost time is never found again.” — Benjamin Franklin. Where did your time go this week, and where would you like it to go?',
    categories: ['Quotes', 'Today'],
  },
  {
    id: 'seed-quotes-21',
    title:
      '“Well done is better than well said.” — Benjamin Franklin. What have you been talking about doing that you could simply do?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-22',
    title:
      '“This above all: to thine own self be true.” — William Shakespeare. Where are you most true to yourself right now, and where least?',
    categories: ['Quotes', 'Self'],
  },
  {
    id: 'seed-quotes-23',
    title:
      '“We know what we are, but know not what we may be.” — William Shakespeare. What might you become that you haven’t yet imagined?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-24',
    title:
      '“Our doubts are traitors, and make us lose the good we oft might win, by fearing to attempt.” — William Shakespeare. What have your doubts cost you?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-25',
    title:
      '“A thing of beauty is a joy for ever.” — John Keats. What beautiful thing has stayed with you long after you first saw it?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-26',
    title:
      '“I’m not afraid of storms, for I’m learning how to sail my ship.” — Louisa May Alcott. What storm are you learning to sail through?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-quotes-27',
    title:
      '“I am no bird; and no net ensnares me.” — Charlotte Brontë. Where in your life do you feel most free, and where do you feel caught?',
    categories: ['Quotes'],
  },
  {
    id: 'seed-self-01',
    title: 'How are you really feeling right now, beneath the first answer that comes to mind?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-02',
    title: 'What do you need more of this week, and what do you need less of?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-03',
    title: 'Describe yourself as your closest friend would, not as you usually do.',
    categories: ['Self'],
  },
  {
    id: 'seed-self-04',
    title: 'What part of yourself do you tend to hide, and what would happen if you let it show?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-05',
    title: 'When do you feel most at ease in your own skin?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-06',
    title: 'Write a letter to your body, thanking it or apologising to it, or both.',
    categories: ['Self'],
  },
  {
    id: 'seed-self-07',
    title: 'What story do you tell yourself about who you are that might no longer be true?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-08',
    title: 'Which emotion do you find hardest to sit with, and where do you feel it in your body?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-09',
    title: 'What do you do when no one is watching that feels most like you?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-10',
    title: 'What boundary do you need to set, or to hold more firmly?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-11',
    title: 'What are you proud of that you rarely mention to anyone?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-12',
    title:
      'How do you speak to yourself when you make a mistake? Write down the exact words you use.',
    categories: ['Self'],
  },
  {
    id: 'seed-self-13',
    title: 'What energises you, and what quietly drains you?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-14',
    title: 'If you could give yourself one gift today that costs nothing, what would it be?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-15',
    title: 'What do you know about yourself now that you wish you had known at twenty?',
    categories: ['Self', 'Growth'],
  },
  {
    id: 'seed-self-16',
    title: 'Which of your quirks have you come to love?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-17',
    title: 'What are you carrying at the moment that isn’t yours to carry?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-18',
    title: 'Describe a moment when you felt truly seen by someone.',
    categories: ['Self'],
  },
  {
    id: 'seed-self-19',
    title: 'What does taking care of yourself mean this week, in one or two specific actions?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-20',
    title: 'When did you last feel completely absorbed in something? What were you doing?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-21',
    title: 'What would you like to forgive yourself for?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-22',
    title: 'Which compliment do you find hardest to accept, and why?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-23',
    title: 'What does your inner critic want for you, underneath all the noise?',
    categories: ['Self'],
  },
  {
    id: 'seed-self-24',
    title: 'Describe the kind of friend you are. What would you like to be even better at?',
    categories: ['Self'],
  },
  {
    id: 'seed-today-01',
    title: 'What was the best moment of today, however small?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-02',
    title: 'Describe today in three words, then explain why you chose them.',
    categories: ['Today'],
  },
  {
    id: 'seed-today-03',
    title: 'What did you notice today that you would normally have walked past?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-04',
    title: 'Who did you talk to today, and how did the conversation leave you feeling?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-05',
    title: 'What is one thing you want to remember about today a year from now?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-06',
    title: 'What drained your energy today, and what restored it?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-07',
    title: 'What did you learn today, about the world or about yourself?',
    categories: ['Today', 'Growth'],
  },
  {
    id: 'seed-today-08',
    title: 'Describe the light, the weather or the sky at one moment today.',
    categories: ['Today'],
  },
  {
    id: 'seed-today-09',
    title: 'What is one thing you did today that your future self will thank you for?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-10',
    title:
      'What did you eat today that you really enjoyed? Describe it to someone who has never tasted it.',
    categories: ['Today'],
  },
  {
    id: 'seed-today-11',
    title: 'Was there a moment today when you felt fully present? What brought you there?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-12',
    title: 'What would you like to let go of before you fall asleep tonight?',
    categories: ['Today'],
  },
  { id: 'seed-today-13', title: 'What made you smile or laugh today?', categories: ['Today'] },
  {
    id: 'seed-today-14',
    title: 'If you could redo one moment from today, which would it be and what would you change?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-15',
    title: 'What is one kind thing you did today, and one kind thing someone did for you?',
    categories: ['Today', 'Gratitude'],
  },
  { id: 'seed-today-16', title: 'What surprised you today?', categories: ['Today'] },
  {
    id: 'seed-today-17',
    title: 'What is one small thing you can do tonight to make tomorrow morning kinder?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-18',
    title: 'What feeling has followed you around today? Give it a name and a few sentences.',
    categories: ['Today'],
  },
  {
    id: 'seed-today-19',
    title: 'Describe one small task you finished today and how it felt to finish it.',
    categories: ['Today'],
  },
  {
    id: 'seed-today-20',
    title: 'What worried you this morning, and how does it look now?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-21',
    title: 'Where did your mind wander today when it had the chance?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-22',
    title: 'What would you tell a friend who had exactly the day you just had?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-23',
    title: 'What did you do today purely for the joy of it?',
    categories: ['Today'],
  },
  {
    id: 'seed-today-24',
    title: 'Write a short note to today, as if it were a guest about to leave.',
    categories: ['Today'],
  },
  {
    id: 'seed-work-01',
    title: 'What part of your work makes you lose track of time?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-02',
    title: 'Describe a project you are proud of and the moment you knew it was working.',
    categories: ['Work'],
  },
  {
    id: 'seed-work-03',
    title: 'What would make tomorrow’s work feel meaningful rather than just busy?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-04',
    title: 'Who at work do you appreciate but rarely tell? What would you thank them for?',
    categories: ['Work', 'Gratitude'],
  },
  {
    id: 'seed-work-05',
    title: 'What task do you keep postponing, and what is it really asking of you?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-06',
    title: 'How do you want people to feel after working with you?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-07',
    title: 'What did your work teach you this week that you didn’t expect?',
    categories: ['Work', 'Growth'],
  },
  {
    id: 'seed-work-08',
    title: 'Describe your ideal working day, from the first hour to the last.',
    categories: ['Work'],
  },
  {
    id: 'seed-work-09',
    title: 'What boundary between work and the rest of your life needs attention?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-10',
    title:
      'Which skill would make the biggest difference to your work if you improved it this year?',
    categories: ['Work', 'Growth'],
  },
  {
    id: 'seed-work-11',
    title: 'What was the first job you ever had, and what did it teach you?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-12',
    title: 'What piece of advice about work have you received that you still use?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-13',
    title: 'When do you do your best thinking, and how can you protect that time?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-14',
    title: 'What problem at work are you quietly excited to solve?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-15',
    title: 'Describe a disagreement at work that ended better than you expected.',
    categories: ['Work'],
  },
  {
    id: 'seed-work-16',
    title: 'If you could change one thing about how your team works, what would it be and why?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-17',
    title: 'What does success at work mean to you, apart from titles and money?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-18',
    title: 'Write a letter to someone who mentored you, even informally.',
    categories: ['Work'],
  },
  {
    id: 'seed-work-19',
    title: 'What would you work on if money were not a factor?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-20',
    title: 'Which of your strengths goes unnoticed at work?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-21',
    title: 'What are you carrying home from work today that you could set down?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-22',
    title: 'Describe a moment when you helped a colleague grow. How did it feel?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-23',
    title: 'What kind of work drains you most, and could you do less of it or do it differently?',
    categories: ['Work'],
  },
  {
    id: 'seed-work-24',
    title: 'What would the version of you who started this job think of where you are now?',
    categories: ['Work'],
  },
];

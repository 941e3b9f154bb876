/**
 * Word lists for the demo catalogue. Everything here is neutral and safe for work:
 * travel, nature, city, food, sport and music placeholders, and no real people.
 */

export interface CategorySeed {
  title: string;
  /** Subjects that make sense in a title of this category. */
  nouns: readonly string[];
  /** Format words that suit the category ("Timelapse", "Recipe", ...). */
  formats: readonly string[];
}

const OUTDOOR = ['Walk', 'Timelapse', 'Journey', 'Panorama', 'Flyover', 'Diary', 'Tour'] as const;
const CRAFT = ['Tutorial', 'Guide', 'Session', 'Close-up', 'Workshop', 'Diary'] as const;
const FOOD = ['Recipe', 'Tasting', 'Guide', 'Close-up', 'Session', 'Tour'] as const;
const SPORT = ['Highlights', 'Training', 'Session', 'Ride', 'Practice', 'Challenge'] as const;
const MUSIC = ['Session', 'Performance', 'Rehearsal', 'Jam', 'Live Set', 'Highlights'] as const;

export const CATEGORIES: readonly CategorySeed[] = [
  { title: 'Travel', nouns: ['Harbour', 'Old Town', 'Railway Station', 'Ferry', 'Seaside Town', 'Border Crossing'], formats: OUTDOOR },
  { title: 'Nature', nouns: ['Meadow', 'Valley', 'Waterfall', 'Wildflowers', 'Canyon', 'Moorland'], formats: OUTDOOR },
  { title: 'Cooking', nouns: ['Pasta', 'Soup', 'Stir Fry', 'Curry', 'Risotto', 'Dumplings'], formats: FOOD },
  { title: 'City Walks', nouns: ['Avenue', 'Market Square', 'Riverside', 'Side Streets', 'Boulevard', 'Old Quarter'], formats: OUTDOOR },
  { title: 'Mountains', nouns: ['Ridge', 'Summit', 'Alpine Pass', 'Glacier', 'Peak', 'Mountain Hut'], formats: OUTDOOR },
  { title: 'Beaches', nouns: ['Beach', 'Dunes', 'Lagoon', 'Cove', 'Tide Pools', 'Boardwalk'], formats: OUTDOOR },
  { title: 'Wildlife', nouns: ['Deer', 'Owls', 'Foxes', 'Seabirds', 'Otters', 'Butterflies'], formats: ['Watch', 'Documentary', 'Close-up', 'Diary', 'Story'] },
  { title: 'Gardening', nouns: ['Vegetable Patch', 'Herb Garden', 'Greenhouse', 'Rose Bed', 'Orchard', 'Allotment'], formats: CRAFT },
  { title: 'Timelapse', nouns: ['Clouds', 'Skyline', 'Tides', 'Traffic', 'Blossom', 'Shadows'], formats: ['Timelapse', 'Hyperlapse', 'Panorama', 'Study'] },
  { title: 'Music Sessions', nouns: ['Piano', 'Guitar', 'Cello', 'Drums', 'Choir', 'Brass Band'], formats: MUSIC },
  { title: 'Street Food', nouns: ['Noodle Stall', 'Night Market', 'Food Truck', 'Bakery Stand', 'Grill', 'Fruit Stall'], formats: FOOD },
  { title: 'Cycling', nouns: ['Bike Path', 'Gravel Road', 'Coastal Route', 'Hill Climb', 'Forest Trail', 'Velodrome'], formats: SPORT },
  { title: 'Running', nouns: ['Park Loop', 'Track', 'Trail Run', 'Marathon Route', 'Hill Sprints', 'Beach Run'], formats: SPORT },
  { title: 'Hiking', nouns: ['Mountain Trail', 'Forest Path', 'Coastal Path', 'Gorge', 'Plateau', 'Ridge Walk'], formats: OUTDOOR },
  { title: 'Architecture', nouns: ['Cathedral', 'Bridge', 'Tower', 'Library', 'Lighthouse', 'Town Hall'], formats: ['Tour', 'Study', 'Panorama', 'Documentary', 'Walk'] },
  { title: 'Trains', nouns: ['Steam Train', 'Night Train', 'Tram', 'Mountain Railway', 'Freight Train', 'Signal Box'], formats: ['Ride', 'Journey', 'Timelapse', 'Cab View', 'Documentary'] },
  { title: 'Aviation', nouns: ['Airfield', 'Glider', 'Seaplane', 'Hot Air Balloon', 'Control Tower', 'Runway'], formats: ['Flyover', 'Takeoff', 'Landing', 'Documentary', 'Timelapse'] },
  { title: 'Boats', nouns: ['Sailboat', 'Canal Boat', 'Fishing Boat', 'Kayak', 'Rowing Boat', 'Marina'], formats: ['Voyage', 'Journey', 'Diary', 'Tour', 'Timelapse'] },
  { title: 'Weather', nouns: ['Thunderstorm', 'Fog Bank', 'Snowfall', 'Rainbow', 'Hail Shower', 'Sea Breeze'], formats: ['Timelapse', 'Watch', 'Study', 'Panorama'] },
  { title: 'Night Skies', nouns: ['Milky Way', 'Northern Lights', 'Meteor Shower', 'Full Moon', 'Star Trails', 'Planets'], formats: ['Timelapse', 'Watch', 'Panorama', 'Study'] },
  { title: 'Winter', nouns: ['Frozen Lake', 'Ski Slope', 'Snowy Forest', 'Ice Rink', 'Winter Cabin', 'Sledge Run'], formats: OUTDOOR },
  { title: 'Autumn', nouns: ['Maple Trees', 'Harvest Fields', 'Fallen Leaves', 'Pumpkin Farm', 'Vineyard', 'Misty Woods'], formats: OUTDOOR },
  { title: 'Crafts', nouns: ['Pottery', 'Weaving', 'Paper Craft', 'Knitting', 'Calligraphy', 'Glassblowing'], formats: CRAFT },
  { title: 'Woodworking', nouns: ['Workbench', 'Dovetail Joint', 'Chair', 'Bookshelf', 'Wooden Bowl', 'Cabinet'], formats: CRAFT },
  { title: 'Baking', nouns: ['Sourdough', 'Croissants', 'Apple Pie', 'Cinnamon Rolls', 'Flatbread', 'Sponge Cake'], formats: FOOD },
  { title: 'Coffee', nouns: ['Espresso', 'Pour Over', 'Roastery', 'Latte Art', 'Cold Brew', 'Coffee Farm'], formats: FOOD },
  { title: 'Markets', nouns: ['Flower Market', 'Fish Market', 'Flea Market', 'Spice Market', 'Farmers Market', 'Antique Fair'], formats: ['Tour', 'Walk', 'Guide', 'Diary'] },
  { title: 'Festivals', nouns: ['Lantern Festival', 'Parade', 'Fireworks', 'Harvest Fair', 'Kite Festival', 'Folk Dance'], formats: ['Highlights', 'Tour', 'Diary', 'Story'] },
  { title: 'Rivers', nouns: ['River Bend', 'Rapids', 'Estuary', 'River Delta', 'Old Mill', 'Towpath'], formats: OUTDOOR },
  { title: 'Lakes', nouns: ['Lakeshore', 'Boathouse', 'Mountain Lake', 'Reed Beds', 'Jetty', 'Island Lake'], formats: OUTDOOR },
  { title: 'Forests', nouns: ['Pine Forest', 'Beech Wood', 'Rainforest', 'Redwoods', 'Birch Grove', 'Mossy Glade'], formats: OUTDOOR },
  { title: 'Deserts', nouns: ['Sand Dunes', 'Oasis', 'Salt Flats', 'Red Rocks', 'Desert Road', 'Cactus Garden'], formats: OUTDOOR },
  { title: 'Islands', nouns: ['Island Village', 'Volcanic Island', 'Atoll', 'Fishing Harbour', 'Cliff Path', 'Sea Caves'], formats: OUTDOOR },
  { title: 'Road Trips', nouns: ['Coast Road', 'Mountain Pass', 'Country Lane', 'Highway', 'Scenic Drive', 'Roadside Diner'], formats: ['Drive', 'Journey', 'Diary', 'Timelapse', 'Tour'] },
  { title: 'Camping', nouns: ['Campfire', 'Tent Pitch', 'Wild Camp', 'Camp Kitchen', 'Hammock Camp', 'Lakeside Camp'], formats: ['Diary', 'Guide', 'Story', 'Session', 'Overnight'] },
  { title: 'Photography', nouns: ['Lens Test', 'Street Photos', 'Film Camera', 'Portrait Light', 'Darkroom', 'Golden Hour'], formats: ['Guide', 'Tutorial', 'Walk', 'Session', 'Review'] },
  { title: 'Dance', nouns: ['Ballet Class', 'Tap Routine', 'Salsa Night', 'Street Dance', 'Folk Steps', 'Ballroom'], formats: ['Performance', 'Rehearsal', 'Tutorial', 'Highlights'] },
  { title: 'Yoga', nouns: ['Sun Salutation', 'Stretch Flow', 'Balance Poses', 'Breathing', 'Beach Yoga', 'Morning Flow'], formats: ['Session', 'Class', 'Routine', 'Guide'] },
  { title: 'Football', nouns: ['Penalty Kicks', 'Free Kicks', 'Five-a-side', 'Goalkeeping', 'Passing Drill', 'Youth League'], formats: SPORT },
  { title: 'Tennis', nouns: ['Serve', 'Backhand', 'Clay Court', 'Doubles', 'Rally', 'Grass Court'], formats: SPORT },
];

export const ADJECTIVES = [
  'Quiet', 'Golden', 'Misty', 'Bright', 'Hidden', 'Ancient', 'Calm', 'Windy', 'Sunny', 'Rainy',
  'Early', 'Late', 'Slow', 'Busy', 'Peaceful', 'Colourful', 'Frosty', 'Warm', 'Wild', 'Old',
  'Little', 'Grand', 'Northern', 'Southern', 'Coastal', 'Distant', 'Silver', 'Green', 'Blue', 'Crimson',
  'Gentle', 'Hazy', 'Crisp', 'Lively', 'Serene', 'Rustic', 'Vivid', 'Lonely', 'Secret', 'Endless',
] as const;

export const TIMES = ['Morning', 'Sunrise', 'Sunset', 'Evening', 'Night', 'Afternoon', 'Weekend', 'Spring', 'Summer'] as const;

export const DESCRIPTION_OPENERS = [
  'A relaxed look at',
  'An unhurried visit to',
  'A short film about',
  'Footage captured around',
  'A calm companion piece on',
  'A step-by-step visit to',
  'An ambient recording of',
] as const;

export const DESCRIPTION_CLOSERS = [
  'Filmed handheld with natural sound.',
  'Recorded in a single take.',
  'No narration, just the atmosphere.',
  'Shot on a small mirrorless camera.',
  'Best watched with headphones.',
  'Part of a longer seasonal series.',
  'Includes a few slow-motion moments.',
  'Edited for a gentle, steady pace.',
] as const;

export const TAGS = [
  '4K', 'HD', 'Relaxing', 'Ambient', 'Outdoor', 'Indoor', 'Handheld', 'Drone', 'Slow Motion', 'Tripod',
  'Natural Sound', 'No Talking', 'Beginner', 'Advanced', 'Step by Step', 'Seasonal', 'Family Friendly', 'Calm', 'Scenic', 'Cinematic',
  'Vlog', 'Documentary', 'Wide Angle', 'Close Up', 'Golden Hour', 'Blue Hour', 'Rain', 'Snow', 'Sunshine', 'Wind',
  'Water', 'Forest', 'Coast', 'Urban', 'Rural', 'Europe', 'Asia', 'Americas', 'Africa', 'Oceania',
  'Long Take', 'Short Clip', 'Series', 'Behind the Scenes', 'How To', 'Tips', 'Review', 'Gear', 'Budget', 'Weekend Trip',
  'Morning Routine', 'Evening Mood', 'Quiet Places', 'Hidden Gems', 'Local Life', 'Traditions', 'Street Scenes', 'Wildlife Sounds', 'Birdsong', 'Waves',
] as const;

/** Uploader handles shown as the video's user: invented, neutral studio names. */
export const USERNAMES = [
  'northlight-studio', 'slowtravel', 'openframe', 'fieldnotes', 'quietlens', 'tidewatch', 'hillside-films', 'paperplane',
  'greenroom', 'longtake', 'windrose', 'saltandpine', 'morningpage', 'lanternworks', 'stillwater', 'compass-rose',
] as const;

export const EX_TUBES = ['demo-archive', 'open-footage', 'community-uploads'] as const;

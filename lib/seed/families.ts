/**
 * The ten product families of Kesar Home, their subcategories and the copy shared by every
 * product of a family (care, warranty, generic features, measuring and delivery notes).
 */
import type { Family, ItemKind, Look } from "./scenes";

export type SubcategoryDef = { name: string; slug: string; description: string };

export type FamilyDef = {
  key: Family;
  name: string;
  slug: string;
  /** Three-letter SKU prefix. */
  code: string;
  /** HSN heading of the family's goods (GST rate lookup in gst_rates, migration 003). */
  hsn: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  subcategories: SubcategoryDef[];
  /** Product noun used in copy ("curtain panel", "roll"). */
  unit: string;
  care: string[];
  features: string[];
  warranty: string;
  /** Heading and text of the "additional" block some products carry. */
  additional: { heading: string; text: string };
  /** Looks used by the generator for this family. */
  generatorItems: ItemKind[];
  /** Typical room for the lifestyle photo alt text. */
  room: string;
};

export const FAMILIES: FamilyDef[] = [
  {
    key: "curtains",
    name: "Curtains",
    slug: "curtains",
    code: "CUR",
    hsn: "6303",
    description:
      "Hand block-printed and handwoven cottons, airy sheers, lined blackouts and heavy velvets, stitched in Delhi with eyelet or pleated headings and sold per panel.",
    metaTitle: "Curtains Online: Block-Print, Ikat, Sheer, Blackout & Velvet | Kesar Home",
    metaDescription: "Shop curtains in cotton, linen and velvet, stitched to 5, 7 and 9 ft drops with custom sizes on request. Free shipping above ₹499 across India.",
    subcategories: [
      { name: "Block-Print Curtains", slug: "block-print-curtains", description: "Hand-stamped cottons from Bagru and Sanganer with soft, uneven edges that only wooden blocks give." },
      { name: "Handwoven Curtains", slug: "handwoven-curtains", description: "Ikat and handloom cottons whose pattern is dyed into the yarn before weaving, so it shows on both sides." },
      { name: "Sheer Curtains", slug: "sheer-curtains", description: "Voile and linen sheers that filter harsh afternoon sun while keeping the room bright." },
      { name: "Blackout Curtains", slug: "blackout-curtains", description: "Triple-weave and lined panels that darken bedrooms and keep summer heat out." },
      { name: "Velvet Curtains", slug: "velvet-curtains", description: "Weighty cotton and poly velvets with a rich fall, for living rooms and formal dining." },
    ],
    unit: "panel",
    care: [
      "Dry clean recommended for lined and velvet panels.",
      "Cotton and linen panels can be hand washed cold with mild detergent; some shrinkage of 2–3% is normal.",
      "Wash dark prints separately the first few times.",
      "Iron on the reverse while slightly damp.",
      "Vacuum monthly with a soft brush attachment to keep dust out of the folds.",
    ],
    features: ["Rust-proof metal eyelets fit rods up to 1.25 inch", "Double-turned side hems and a weighted bottom hem for a straight fall", "Sold per panel; order two for a standard window"],
    warranty: "12-month warranty against defects in fabric, stitching and eyelets. Fading caused by direct sunlight over time and damage from machine washing are not covered.",
    additional: {
      heading: "Measuring your window",
      text: "Measure the rod width and add 20–30% for fullness, then split across your panels. For drop, measure from the top of the rod to where the curtain should end: 5 ft reaches a sill, 7 ft suits most doors and windows, and 9 ft gives a floor-length look in rooms with high ceilings. Send us your measurements and we will stitch custom sizes at no extra charge on made-to-order panels.",
    },
    generatorItems: ["curtain", "sheer"],
    room: "living room by the window",
  },
  {
    key: "blinds",
    name: "Blinds",
    slug: "blinds",
    code: "BLN",
    hsn: "6303",
    description: "Roller, Roman, bamboo chick and wooden Venetian blinds, made to your window size with free measurement and installation in Delhi NCR.",
    metaTitle: "Window Blinds Online: Roller, Roman, Bamboo & Wooden | Kesar Home",
    metaDescription: "Made-to-measure roller, Roman, chick and wooden blinds for Indian homes. Blackout and light-filtering fabrics, installation available.",
    subcategories: [
      { name: "Roller Blinds", slug: "roller-blinds", description: "Clean-lined fabric blinds on a spring or chain mechanism, in light-filtering and blackout weaves." },
      { name: "Roman Blinds", slug: "roman-blinds", description: "Soft fabric blinds that fold into neat pleats, cut from our cottons, linens and prints." },
      { name: "Bamboo & Chick Blinds", slug: "bamboo-chick-blinds", description: "Split-bamboo chiks for verandas and balconies, tied by hand with cotton cord." },
      { name: "Wooden Venetian Blinds", slug: "wooden-venetian-blinds", description: "Slatted blinds in solid sheesham and engineered wood for precise light control." },
    ],
    unit: "blind",
    care: [
      "Dust weekly with a dry microfibre cloth or a feather duster.",
      "Spot clean fabric blinds with a damp cloth and mild soap; do not soak.",
      "Keep bamboo and wooden blinds away from standing water and wipe dry after monsoon spray.",
      "Operate the chain or cord gently and keep it out of reach of children.",
    ],
    features: ["Made to your exact window width and drop", "Fitting brackets and screws included", "Child-safe cord cleat supplied with every blind"],
    warranty: "12-month warranty on the mechanism, brackets and fabric against manufacturing defects. Damage from forced operation or water exposure is not covered.",
    additional: {
      heading: "Inside or outside the recess?",
      text: "Fit inside the window recess for a tidy, built-in look; we deduct 1 cm from your width so the blind runs freely. Fit outside the recess to cover an uneven frame or to block more light, adding 10 cm on each side and 10 cm above. Our team measures free of charge within Delhi NCR when you choose Free Installation.",
    },
    generatorItems: ["roller-blind", "roman-blind", "chick-blind", "venetian-blind"],
    room: "sunlit study",
  },
  {
    key: "wallpaper",
    name: "Wallpaper",
    slug: "wallpaper",
    code: "WLP",
    hsn: "4814",
    description: "Botanical, damask, jaali and stripe wallpapers on breathable non-woven and scrubbable vinyl bases, sold by the 10 m roll.",
    metaTitle: "Wallpaper Online India: Floral, Damask & Geometric Rolls | Kesar Home",
    metaDescription: "Designer wallpaper rolls for Indian homes: non-woven and vinyl, 10 m rolls, humidity-friendly adhesives and professional installation.",
    subcategories: [
      { name: "Floral & Botanical Wallpaper", slug: "floral-wallpaper", description: "Leaves, blossoms and chintz gardens drawn from Indian textiles and miniature paintings." },
      { name: "Damask & Heritage Wallpaper", slug: "damask-heritage-wallpaper", description: "Tone-on-tone medallions and haveli-inspired repeats for statement walls." },
      { name: "Geometric & Stripe Wallpaper", slug: "geometric-wallpaper", description: "Jaali trellises, chevrons and painterly stripes that sit well in modern rooms." },
    ],
    unit: "roll",
    care: [
      "Wipe gently with a soft damp sponge; vinyl papers can take a mild soap solution.",
      "Do not use abrasive cleaners or scrub brushes.",
      "Keep bathroom and kitchen walls ventilated to avoid lifting seams.",
      "Store spare rolls flat in a dry cupboard for future repairs.",
    ],
    features: ["Each roll covers about 5.3 sq m (0.53 m x 10 m)", "Pattern match printed on the selvedge for easy hanging", "Low-VOC inks, suitable for bedrooms and nurseries"],
    warranty: "12-month warranty against print and material defects in unused rolls and for peeling caused by a faulty base. Damage from seepage, dampness in the wall or incorrect adhesive is not covered.",
    additional: {
      heading: "How many rolls do I need?",
      text: "Multiply the wall width by its height to get the area in square metres, then divide by 5.3 and add one roll for pattern matching and trimming. A 10 x 9 ft feature wall (about 8.4 sq m) usually needs three rolls. Always buy all rolls from the same batch so the colour matches.",
    },
    generatorItems: ["wallpaper"],
    room: "living room feature wall",
  },
  {
    key: "upholstery",
    name: "Upholstery",
    slug: "upholstery",
    code: "UPH",
    hsn: "5407",
    description: "Upholstery fabrics by the metre: handloom cottons, ikats, velvets, chenilles and weatherproof outdoor weaves, tested for everyday sofas and chairs.",
    metaTitle: "Upholstery Fabric by the Metre: Velvet, Ikat, Outdoor | Kesar Home",
    metaDescription: "Buy sofa and chair upholstery fabric online by the metre. Rub-tested velvets, cottons and outdoor fabrics in 54 inch widths.",
    subcategories: [
      { name: "Upholstery Fabrics", slug: "upholstery-fabrics", description: "Hard-wearing cotton and blended weaves for sofas, dining chairs and headboards." },
      { name: "Velvet & Chenille", slug: "velvet-chenille", description: "Plush piles with depth of colour, rub-tested for daily family use." },
      { name: "Outdoor Fabrics", slug: "outdoor-fabrics", description: "Fade- and mildew-resistant fabrics for balconies, verandas and poolside seating." },
    ],
    unit: "metre",
    care: [
      "Vacuum upholstery weekly with a brush attachment.",
      "Blot spills immediately with a clean white cloth; do not rub.",
      "Professional dry cleaning is recommended for velvets and chenilles.",
      "Rotate seat cushions regularly so wear is even.",
    ],
    features: ["54 inch (137 cm) usable width", "Sold per metre; order in whole metres for one continuous length", "Swatches available on request before you buy"],
    warranty: "12-month warranty against weaving and dyeing defects in uncut fabric. Once fabric is cut or upholstered, claims are limited to defects visible before cutting.",
    additional: {
      heading: "How much fabric does a sofa need?",
      text: "As a guide, a three-seater sofa needs 12–14 metres of plain fabric, an armchair 6–7 metres and a dining chair seat about 0.75 metre. Large repeats such as ikats and florals need 10–15% extra for matching. Our store team in Shahpur Jat can estimate from a photo of your furniture.",
    },
    generatorItems: ["fabric"],
    room: "living room",
  },
  {
    key: "bedding",
    name: "Bedding",
    slug: "bedding",
    code: "BED",
    hsn: "6302",
    description: "Cotton bedsheet sets, Jaipuri razais, mulmul dohars, duvet covers and bridal bedding, printed and stitched by artisan units across Rajasthan.",
    metaTitle: "Bedsheets, Razais & Duvet Covers Online | Kesar Home",
    metaDescription: "Pure cotton bedsheets, hand block-printed razais and dohars, linen duvet covers and festive bedding sets with free shipping above ₹499.",
    subcategories: [
      { name: "Bedsheets", slug: "bedsheets", description: "Printed and plain cotton sheet sets in percale and soft mulmul, with matching pillow covers." },
      { name: "Quilts, Razais & Dohars", slug: "quilts-razais", description: "Cotton-filled Jaipuri razais for winter and layered mulmul dohars for air-conditioned nights." },
      { name: "Duvet Covers & Sets", slug: "duvet-covers", description: "Button-closure duvet covers and complete bedding sets for a hotel-made bed." },
    ],
    unit: "set",
    care: [
      "Machine wash cold on a gentle cycle with similar colours.",
      "Use a mild liquid detergent; avoid bleach on printed bedding.",
      "Dry in shade to protect hand-block colours.",
      "Razais should be aired in the sun and dry cleaned once a season.",
    ],
    features: ["Pure cotton that softens with every wash", "Azo-free dyes, safe for sensitive skin", "Pillow covers with envelope closure"],
    warranty: "12-month warranty against stitching and fabric defects. Colour variation between batches and softening of hand-block prints are natural and not defects.",
    additional: {
      heading: "Which size fits my bed?",
      text: "Single sheets fit mattresses up to 3 x 6.25 ft, Queen sheets fit 5 x 6.25 ft and King sheets fit 6 x 6.5 ft with a generous tuck-in for mattresses up to 8 inches deep. Razais and duvet covers are cut 10–12 inches wider than the mattress for a comfortable overhang.",
    },
    generatorItems: ["bedding"],
    room: "bedroom",
  },
  {
    key: "cushions",
    name: "Cushions",
    slug: "cushions",
    code: "CSH",
    hsn: "6304",
    description: "Cushion covers, filled cushions and floor gaddis in block prints, ikats, raw silk, velvet and mirror work: the quickest way to refresh a room.",
    metaTitle: "Cushion Covers & Floor Cushions Online | Kesar Home",
    metaDescription: "Shop cushion covers in cotton, silk and velvet, filled cushions and floor cushions. Sizes 12 x 20 to 24 x 24 inch, shipped across India.",
    subcategories: [
      { name: "Cushion Covers", slug: "cushion-covers", description: "Zippered covers in 16, 18 and lumbar sizes, easy to wash and swap with the seasons." },
      { name: "Filled Cushions", slug: "filled-cushions", description: "Ready-to-use cushions with soft microfibre or kapok fillers." },
      { name: "Floor Cushions", slug: "floor-cushions", description: "Gaddis and tufted floor cushions for baithak-style seating and extra guests." },
    ],
    unit: "cover",
    care: [
      "Remove the filler and hand wash the cover cold, inside out.",
      "Silk and velvet covers should be dry cleaned only.",
      "Dry in shade and iron on the reverse.",
      "Plump fillers daily and air them in the sun once a month.",
    ],
    features: ["Concealed zip closure", "Filler sold separately unless stated", "Double-stitched seams with neat piping"],
    warranty: "12-month warranty against defects in stitching, zips and fabric. Loose mirrors or threads caused by snagging are not covered.",
    additional: {
      heading: "Mixing and matching cushions",
      text: "Pair one large print with a small-scale print and a plain texture in a shared colour. On a three-seater, try two 18 inch covers at the ends, two 16 inch in front and one lumbar in the middle. Choose a filler 2 inches larger than the cover for a full, plump look.",
    },
    generatorItems: ["cushion", "lumbar", "floor-cushion"],
    room: "living room sofa",
  },
  {
    key: "rugs",
    name: "Mats & Rugs",
    slug: "mats-rugs",
    code: "RUG",
    hsn: "5705",
    description: "Panja-woven dhurries, hand-tufted wool rugs, jute rugs, runners and door mats from the weaving clusters of Panipat, Jaipur and Bhadohi.",
    metaTitle: "Dhurries, Rugs, Runners & Door Mats Online | Kesar Home",
    metaDescription: "Handwoven cotton dhurries, wool and jute rugs, runners and coir door mats in sizes from 18 x 30 inch to 8 x 10 ft.",
    subcategories: [
      { name: "Dhurries", slug: "dhurries", description: "Flat-woven cotton rugs, reversible and light enough to roll away for summer." },
      { name: "Tufted & Jute Rugs", slug: "hand-tufted-rugs", description: "Plush wool and natural jute rugs that anchor a seating area." },
      { name: "Runners", slug: "rug-runners", description: "Long, narrow rugs for corridors, kitchens and beside the bed." },
      { name: "Door Mats", slug: "door-mats", description: "Coir and chindi mats that catch dust at the door." },
    ],
    unit: "rug",
    care: [
      "Vacuum without the beater bar, along the direction of the weave.",
      "Shake out small dhurries and mats outdoors every week.",
      "Blot spills at once; professional cleaning is recommended for wool and large rugs.",
      "Rotate the rug every few months so it wears and fades evenly.",
      "Use an anti-slip underlay on tiled and marble floors.",
    ],
    features: ["Made by hand; small irregularities are a mark of the craft", "Finished with hand-knotted tassels or bound edges", "Anti-slip underlay recommended on stone floors"],
    warranty: "12-month warranty against weaving and binding defects. Shedding in new wool rugs is normal for the first weeks; damage from moisture or pets is not covered.",
    additional: {
      heading: "Picking the right rug size",
      text: "In a living room, leave 12–18 inches of bare floor between the rug and the walls, and let at least the front legs of the sofa sit on it. A 5 x 8 ft rug suits a compact seating area, while 8 x 10 ft anchors a full sofa set. Under a dining table, the rug should extend 2 ft beyond the table on every side.",
    },
    generatorItems: ["rug", "runner", "doormat"],
    room: "living room",
  },
  {
    key: "table-linen",
    name: "Table Linen",
    slug: "table-linen",
    code: "TBL",
    hsn: "6302",
    description: "Block-printed runners, festive zari runners, table cloths, napkins and placemats that bring colour to everyday meals and Diwali dinners.",
    metaTitle: "Table Runners, Table Cloths, Napkins & Placemats | Kesar Home",
    metaDescription: "Cotton, linen, silk and jute table linen: runners, six- and eight-seater table cloths, napkin sets and placemats, shipped across India.",
    subcategories: [
      { name: "Table Runners", slug: "table-runners", description: "Runners sized for four- to eight-seater tables, from everyday cottons to festive silks." },
      { name: "Table Cloths", slug: "table-cloths", description: "Square and rectangular cloths for dining and coffee tables." },
      { name: "Napkins & Placemats", slug: "napkins-placemats", description: "Sets of napkins and mats that finish a laid table." },
    ],
    unit: "piece",
    care: [
      "Machine wash cold, gentle cycle; wash printed pieces separately at first.",
      "Treat turmeric and oil stains at once with a little dish soap before washing.",
      "Zari and silk pieces should be dry cleaned only.",
      "Iron while damp for crisp edges.",
    ],
    features: ["Mitred corners and neat hems", "Colour-fast, food-safe dyes", "Folds flat for storage"],
    warranty: "12-month warranty against stitching and fabric defects. Stains and colour change from cleaning agents are not covered.",
    additional: {
      heading: "Runner and cloth sizes",
      text: "A 72 inch runner suits four- and six-seater tables, leaving a short drop at each end. For a table cloth, add 12 inches to each side of the table top for a relaxed drop: a 60 x 90 inch cloth fits most six-seaters.",
    },
    generatorItems: ["table-runner", "tablecloth", "napkins", "placemats"],
    room: "dining room",
  },
  {
    key: "bath-linen",
    name: "Bath Linen",
    slug: "bath-linen",
    code: "BTH",
    hsn: "6302",
    description: "Absorbent terry towels from Solapur and Panipat, handloom gamchas, bath mats and bathrobes in soft, fast-drying cottons.",
    metaTitle: "Bath Towels, Hand Towels, Bath Mats & Bathrobes | Kesar Home",
    metaDescription: "Zero-twist and terry cotton bath towels, hand and face towels, bath mats and waffle bathrobes, made in India and quick to dry in humid weather.",
    subcategories: [
      { name: "Bath Towels", slug: "bath-towels", description: "Full-size towels in plush terry, zero-twist and light flat weaves." },
      { name: "Hand & Face Towels", slug: "hand-face-towels", description: "Smaller towels for the washbasin, gym bag and guests." },
      { name: "Bath Mats", slug: "bath-mats", description: "Absorbent cotton mats that dry quickly on tiled floors." },
      { name: "Bathrobes", slug: "bathrobes", description: "Waffle and terry robes in free sizes." },
    ],
    unit: "towel",
    care: [
      "Wash before first use to remove finishing and boost absorbency.",
      "Machine wash warm (40°C) with similar colours; skip fabric softener.",
      "Tumble dry low or dry in shade; shake well before drying to fluff the loops.",
      "Trim pulled loops with scissors instead of pulling them.",
    ],
    features: ["100% cotton pile", "Double-stitched hems that do not fray", "Quick to dry even during the monsoon"],
    warranty: "12-month warranty against defects in weaving and stitching. Pulled loops and damage from bleach or harsh chemicals are not covered.",
    additional: {
      heading: "Understanding GSM",
      text: "GSM is the weight of the towel in grams per square metre. 400–500 GSM towels are light and dry fast, good for humid cities and travel; 550–650 GSM towels feel plush and absorb more, ideal for a spa-like bathroom.",
    },
    generatorItems: ["towels", "bathmat", "bathrobe"],
    room: "bathroom",
  },
  {
    key: "furniture",
    name: "Furniture",
    slug: "furniture",
    code: "FUR",
    hsn: "9403",
    description: "Solid sheesham and mango wood sofas, beds, cane chairs and tables, made to order in Jodhpur and Saharanpur workshops and delivered with installation.",
    metaTitle: "Solid Wood Sofas, Beds, Chairs & Tables Online | Kesar Home",
    metaDescription: "Sheesham and mango wood furniture made to order: sofas, king and queen beds, cane chairs, coffee and dining tables with installation.",
    subcategories: [
      { name: "Sofas", slug: "sofas", description: "Two- and three-seater sofas on solid wood frames with removable covers." },
      { name: "Beds", slug: "beds", description: "Queen and king beds in sheesham and mango wood, with and without storage." },
      { name: "Chairs", slug: "chairs", description: "Accent armchairs and cane-back dining chairs." },
      { name: "Tables", slug: "tables", description: "Coffee tables and dining tables in seasoned hardwood." },
    ],
    unit: "piece",
    care: [
      "Dust with a soft dry cloth; wipe spills immediately.",
      "Polish wood with a wax-based polish every three to four months.",
      "Keep away from direct sunlight, AC vents and heaters to prevent cracks.",
      "Use coasters and mats under hot or wet items.",
      "Vacuum upholstered parts weekly; professional cleaning once a year.",
    ],
    features: ["Seasoned and kiln-dried solid wood", "Hand-finished with a matte PU coat", "Free delivery and installation in Delhi NCR"],
    warranty: "12-month warranty covering materials and workmanship, including joinery, frame and upholstery. Natural variations in grain and colour, and cracks caused by extreme dryness or dampness, are not covered.",
    additional: {
      heading: "Delivery and installation",
      text: "Made-to-order pieces are crafted after you order; the product page gives their delivery time. Our delivery team brings the piece to your room of choice and assembles it. Please check that doors, lifts and stairwells allow at least 32 inches of clearance.",
    },
    generatorItems: ["sofa", "armchair", "dining-chair", "coffee-table"],
    room: "living room",
  },
];

export function familyByKey(key: Family): FamilyDef {
  const found = FAMILIES.find((f) => f.key === key);
  if (!found) throw new Error(`Unknown family ${key}`);
  return found;
}

/** Stories about the craft clusters behind some products (the "about" block). */
export const CRAFTS = {
  bagru: {
    heading: "Dabu printing from Bagru",
    text: "In Bagru, a village outside Jaipur, printers press a paste of black clay, lime, gum and wheat husk onto cloth with carved wooden blocks. Sawdust is sprinkled on the wet mud to hold it, and the cloth is then dipped in indigo. Where the mud sat, the dye cannot reach, leaving pale motifs with a fine crackle that no machine can copy. Each length passes through the hands of a dozen people over two to three weeks.",
  },
  sanganer: {
    heading: "Sanganeri block printing",
    text: "Sanganer's printers are known for delicate florals and buti on white grounds. A printer may use four or five blocks for a single motif: one for the outline and one for every colour. Blocks are carved from sheesham by hand, and a practised printer lines up each impression by eye, which is why no two metres are exactly alike.",
  },
  pochampally: {
    heading: "Ikat from Pochampally",
    text: "In Pochampally, Telangana, the yarn is tied and dyed before it is ever woven. Bundles of thread are wrapped tightly in sections, dyed, untied and retied for every colour, and only then set on the loom. As the weaver works, the dyed sections meet to form diamonds and chevrons with the soft, feathered edges that give ikat its character.",
  },
  panipat: {
    heading: "Woven in Panipat",
    text: "Panipat has been weaving dhurries, durries and towels for generations. Our dhurries are woven on vertical looms using the panja technique, where a claw-shaped metal comb beats each weft row firmly into place. The result is a dense, flat rug that is reversible and lies flat on the floor.",
  },
  bhadohi: {
    heading: "Hand-tufted in Bhadohi",
    text: "Bhadohi in Uttar Pradesh is India's carpet belt. Our tufted rugs start as a design drawn on a cotton base stretched on a frame; artisans punch wool yarn through it with a hand-held tufting gun, shear the pile to an even height and finish the back with a cotton cloth.",
  },
  jodhpur: {
    heading: "Made in Jodhpur",
    text: "Our sheesham furniture is built in family workshops in Jodhpur, where wood is seasoned for months before it is cut. Joints are mortise and tenon, reinforced with wooden dowels rather than nails, and each piece is sanded and finished by hand over several days.",
  },
  solapur: {
    heading: "Terry from Solapur",
    text: "Solapur's mills and powerloom units have made towels and chaddars for more than a century. Our towels use long-staple cotton in a dense loop pile that soaks up water fast and dries quickly in humid weather.",
  },
  kutch: {
    heading: "Mirror work from Kutch",
    text: "Embroiderers in Kutch, Gujarat, stitch small mirrors called abhla onto cloth with a frame of interlocking stitches, then surround them with chain-stitch flowers. Each cover takes a skilled embroiderer three to four days.",
  },
  kantha: {
    heading: "Kantha from Bengal",
    text: "Kantha began as a way to give old saris new life: layers of cotton stitched together with rows of tiny running stitches. Our kantha pieces are stitched by women's groups in Bolpur, West Bengal, and the gentle ripple of the stitching is part of the charm.",
  },
  saharanpur: {
    heading: "Cane and wood from Saharanpur",
    text: "Saharanpur's woodworkers frame our chairs in solid sheesham, and the cane webbing is woven by hand strand by strand in the traditional seven-step pattern, which makes it both springy and strong.",
  },
} as const;

export type CraftKey = keyof typeof CRAFTS;

/** Look used for the family's top-level cover image. */
export type CoverLook = Omit<Look, "seed">;

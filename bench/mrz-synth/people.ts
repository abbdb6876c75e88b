import type { Rng } from "./random.ts";

/**
 * Invented people of many countries: name pools with their own spellings (diacritics, hyphens,
 * apostrophes, particles), places of birth and issuing authorities. Gendered surnames are written
 * "male/female". W-heavy names are included on purpose (Polish, German, English, Dutch, Swedish):
 * W is the letter readers trained on other typefaces confuse with H, N and U.
 */
export interface Country {
  /** ICAO code as printed in the MRZ (Germany "D"). */
  code: string;
  /** Name on the document's cover line, in its own language and English. */
  title: string;
  /** How often its documents appear among guests of a Croatian holiday rental. */
  weight: number;
  surnames: string[];
  male: string[];
  female: string[];
  places: string[];
  authorities: string[];
}

export const COUNTRIES: Country[] = [
  {
    code: "D",
    title: "BUNDESREPUBLIK DEUTSCHLAND",
    weight: 14,
    surnames: [
      "Müller",
      "Schwarz",
      "Wagner",
      "Weiß",
      "Wolf",
      "Schröder",
      "Weber",
      "Hoffmann",
      "Köhler",
      "Günther",
      "Werner",
      "Zimmermann",
      "Krüger",
      "Schmidt-Wendler",
      "von Wartenberg",
      "Straßburger",
      "Wöhrle",
      "Bäumer",
    ],
    male: ["Lukas", "Jürgen", "Wolfgang", "Maximilian", "Jörg", "Felix", "Sebastian", "Werner"],
    female: ["Anna", "Jülide", "Wiebke", "Käthe", "Sophie", "Gwendolyn", "Hannelore", "Mia"],
    places: ["München", "Würzburg", "Köln", "Wuppertal", "Lüneburg", "Berlin", "Gießen"],
    authorities: [
      "Stadt München",
      "Stadt Würzburg",
      "Bürgeramt Köln",
      "Landeshauptstadt Wiesbaden",
    ],
  },
  {
    code: "HRV",
    title: "REPUBLIKA HRVATSKA",
    weight: 8,
    surnames: [
      "Horvat",
      "Kovačević",
      "Babić",
      "Marić",
      "Jurić",
      "Novak",
      "Knežević",
      "Vuković",
      "Đurđević",
      "Šarić",
      "Žužić",
      "Čačić",
    ],
    male: ["Ivan", "Luka", "Marko", "Tomislav", "Željko", "Dražen", "Vjekoslav"],
    female: ["Ana", "Ivana", "Marija", "Mia", "Šimica", "Nives", "Đurđica"],
    places: ["Zagreb", "Split", "Rijeka", "Osijek", "Šibenik", "Varaždin"],
    authorities: ["PU zagrebačka", "PU splitsko-dalmatinska", "PU primorsko-goranska"],
  },
  {
    code: "ITA",
    title: "REPUBBLICA ITALIANA",
    weight: 7,
    surnames: [
      "Rossi",
      "Esposito",
      "Bianchi",
      "Colombo",
      "D'Angelo",
      "De Luca",
      "Romano",
      "Lo Presti",
      "Dell'Orto",
      "Ricci",
    ],
    male: ["Giuseppe", "Alessandro", "Niccolò", "Lorenzo", "Gianluca", "Matteo"],
    female: ["Giulia", "Francesca", "Chiara", "Benedetta", "Maria Grazia", "Sofia"],
    places: ["Milano", "Napoli", "Torino", "Forlì", "Cantù", "Roma"],
    authorities: ["Comune di Milano", "Ministero degli Affari Esteri", "Questura di Roma"],
  },
  {
    code: "AUT",
    title: "REPUBLIK ÖSTERREICH",
    weight: 7,
    surnames: ["Gruber", "Huber", "Wimmer", "Pichler", "Moser", "Steiner", "Wallner", "Höfler"],
    male: ["Florian", "Andreas", "Wolfgang", "Dominik", "Jakob"],
    female: ["Lena", "Katharina", "Theresa", "Waltraud", "Anja"],
    places: ["Wien", "Graz", "Linz", "Wörgl", "Salzburg", "Wels"],
    authorities: ["BH Wien-Umgebung", "Magistrat Graz", "BH Wels-Land"],
  },
  {
    code: "SVN",
    title: "REPUBLIKA SLOVENIJA",
    weight: 5,
    surnames: ["Novak", "Horvat", "Kovačič", "Krajnc", "Zupančič", "Potočnik", "Mlakar"],
    male: ["Janez", "Matej", "Gašper", "Žiga", "Rok"],
    female: ["Maja", "Nina", "Špela", "Urška", "Tjaša"],
    places: ["Ljubljana", "Maribor", "Celje", "Koper", "Kranj"],
    authorities: ["UE Ljubljana", "UE Maribor", "UE Koper"],
  },
  {
    code: "POL",
    title: "RZECZPOSPOLITA POLSKA",
    weight: 7,
    surnames: [
      "Kowalski/Kowalska",
      "Wiśniewski/Wiśniewska",
      "Wójcik",
      "Lewandowski/Lewandowska",
      "Woźniak",
      "Wawrzyniak",
      "Dąbrowski/Dąbrowska",
      "Zieliński/Zielińska",
      "Szczepański/Szczepańska",
      "Grzegorzewski/Grzegorzewska",
      "Wróblewski/Wróblewska",
      "Witkowski/Witkowska",
    ],
    male: ["Władysław", "Paweł", "Wojciech", "Łukasz", "Przemysław", "Jakub"],
    female: ["Małgorzata", "Weronika", "Agnieszka", "Wiktoria", "Zofia", "Katarzyna"],
    places: ["Warszawa", "Wrocław", "Kraków", "Łódź", "Gdańsk", "Włocławek"],
    authorities: ["Wojewoda Mazowiecki", "Prezydent Miasta Wrocławia", "Wojewoda Dolnośląski"],
  },
  {
    code: "CZE",
    title: "ČESKÁ REPUBLIKA",
    weight: 6,
    surnames: [
      "Novák/Nováková",
      "Svoboda/Svobodová",
      "Dvořák/Dvořáková",
      "Černý/Černá",
      "Procházka/Procházková",
      "Horák/Horáková",
      "Veselý/Veselá",
    ],
    male: ["Jiří", "Tomáš", "Václav", "Ondřej", "Vojtěch"],
    female: ["Hana", "Jana", "Kateřina", "Lucie", "Věra"],
    places: ["Praha", "Brno", "Ostrava", "Plzeň", "Olomouc"],
    authorities: ["MěÚ Brno", "Magistrát hl. m. Prahy", "MěÚ Olomouc"],
  },
  {
    code: "NLD",
    title: "KONINKRIJK DER NEDERLANDEN",
    weight: 5,
    surnames: [
      "de Vries",
      "van den Berg",
      "Willems",
      "de Wit",
      "Wouters",
      "van der Woude",
      "Bakker",
    ],
    male: ["Willem", "Daan", "Sven", "Wouter", "Joost"],
    female: ["Sanne", "Willemijn", "Femke", "Eva", "Lieke"],
    places: ["Amsterdam", "Utrecht", "Zwolle", "Wageningen", "Rotterdam"],
    authorities: ["Burg. van Amsterdam", "Burg. van Zwolle", "Burg. van Utrecht"],
  },
  {
    code: "GBR",
    title: "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND",
    weight: 5,
    surnames: ["Williams", "Walker", "Wood", "Edwards", "Howard", "O'Sullivan", "Lewis", "Wright"],
    male: ["William", "Oliver", "Harry", "Edward", "Owen"],
    female: ["Olivia", "Gwendolyn", "Amelia", "Rowena", "Emily"],
    places: ["London", "Norwich", "Warwick", "Swansea", "Glasgow"],
    authorities: ["HMPO", "HM Passport Office"],
  },
  {
    code: "FRA",
    title: "RÉPUBLIQUE FRANÇAISE",
    weight: 4,
    surnames: ["Martin", "Lefèvre", "Dubois", "Rousseau", "Lévêque", "Fontaine", "Müller"],
    male: ["Jean-Baptiste", "Théo", "François", "Noël", "Loïc"],
    female: ["Chloé", "Élodie", "Margaux", "Anaïs", "Hélène"],
    places: ["Paris", "Lyon", "Besançon", "Nîmes", "Strasbourg"],
    authorities: ["Préfecture de Police", "Préfecture du Rhône"],
  },
  {
    code: "USA",
    title: "UNITED STATES OF AMERICA",
    weight: 3,
    surnames: ["Washington", "Warren", "Johnson", "Nguyen", "Martinez", "O'Brien", "Whitaker"],
    male: ["Michael", "Wyatt", "Andrew", "Walter", "Dwayne"],
    female: ["Madison", "Wendy", "Ashley", "Gwen", "Emma"],
    places: ["Ohio", "New York", "Wisconsin", "Washington", "Texas"],
    authorities: ["United States Department of State"],
  },
  {
    code: "UKR",
    title: "УКРАЇНА / UKRAINE",
    weight: 3,
    surnames: ["Shevchenko", "Kovalenko", "Bondarenko", "Tkachenko", "Kravchuk", "Melnyk"],
    male: ["Oleksandr", "Volodymyr", "Andrii", "Yevhen"],
    female: ["Olena", "Iryna", "Kateryna", "Viktoriia"],
    places: ["Kyiv", "Lviv", "Odesa", "Kharkiv"],
    authorities: ["8031", "4610", "1223"],
  },
  {
    code: "SWE",
    title: "KONUNGARIKET SVERIGE",
    weight: 7,
    surnames: ["Wallin", "Westberg", "Wikström", "Åkesson", "Söderlund", "Lindqvist", "Öberg"],
    male: ["Wilhelm", "Björn", "Edvin", "Axel", "Måns"],
    female: ["Åsa", "Wilma", "Linnéa", "Ebba", "Saga"],
    places: ["Stockholm", "Västerås", "Göteborg", "Umeå", "Malmö"],
    authorities: ["Polismyndigheten"],
  },
  {
    code: "NOR",
    title: "KONGERIKET NORGE",
    weight: 2,
    surnames: ["Hansen", "Johansen", "Løvås", "Bjørnstad", "Wold", "Haugen"],
    male: ["Øyvind", "Håkon", "Magnus", "Eirik"],
    female: ["Ingrid", "Kjærsti", "Solveig", "Nora"],
    places: ["Oslo", "Bergen", "Tromsø", "Drøbak"],
    authorities: ["Politiet"],
  },
  {
    code: "DNK",
    title: "KONGERIGET DANMARK",
    weight: 2,
    surnames: ["Jensen", "Nielsen", "Sørensen", "Mølgaard", "Kjærgaard", "Wulff"],
    male: ["Søren", "Mads", "Rasmus", "Frederik"],
    female: ["Mette", "Sidsel", "Freja", "Ida"],
    places: ["København", "Århus", "Odense", "Ålborg"],
    authorities: ["Københavns Kommune", "Aarhus Kommune"],
  },
  {
    code: "ESP",
    title: "REINO DE ESPAÑA",
    weight: 2,
    surnames: ["García López", "Fernández", "Núñez", "Muñoz", "Peña Ortiz", "Ibáñez"],
    male: ["José María", "Íñigo", "Álvaro", "Javier"],
    female: ["María José", "Begoña", "Lucía", "Ainhoa"],
    places: ["Madrid", "Logroño", "Valencia", "A Coruña"],
    authorities: ["DGP Madrid", "Comisaría de Valencia"],
  },
  {
    code: "PRT",
    title: "REPÚBLICA PORTUGUESA",
    weight: 1.5,
    surnames: ["Oliveira", "Gonçalves", "Conceição", "Magalhães", "Sousa"],
    male: ["João", "Gonçalo", "Tomás", "Rui"],
    female: ["Leonor", "Inês", "Beatriz", "Conceição"],
    places: ["Porto", "Lisboa", "Évora", "Guimarães"],
    authorities: ["República Portuguesa", "IRN"],
  },
  {
    code: "HUN",
    title: "MAGYARORSZÁG",
    weight: 3,
    surnames: ["Nagy", "Kovács", "Szőke", "Tóth", "Horváth", "Győri", "Varga"],
    male: ["Gábor", "Zoltán", "Levente", "Ödön"],
    female: ["Zsófia", "Réka", "Eszter", "Anikó"],
    places: ["Budapest", "Győr", "Pécs", "Szeged"],
    authorities: ["BFKH", "Győr Megyei Jogú Város"],
  },
  {
    code: "ROU",
    title: "ROMÂNIA",
    weight: 1.5,
    surnames: ["Popescu", "Ionescu", "Țăranu", "Dumitrașcu", "Stănescu"],
    male: ["Ștefan", "Andrei", "Mihai", "Răzvan"],
    female: ["Ioana", "Alexandra", "Cătălina", "Mădălina"],
    places: ["București", "Cluj-Napoca", "Timișoara", "Iași"],
    authorities: ["SPCEP Sector 1", "SPCLEP Cluj-Napoca"],
  },
  {
    code: "SVK",
    title: "SLOVENSKÁ REPUBLIKA",
    weight: 2.5,
    surnames: ["Horváth/Horváthová", "Kováč/Kováčová", "Varga/Vargová", "Tóth/Tóthová"],
    male: ["Ľubomír", "Peter", "Martin", "Ján"],
    female: ["Ľudmila", "Zuzana", "Mária", "Jana"],
    places: ["Bratislava", "Košice", "Žilina", "Nitra"],
    authorities: ["OR PZ Bratislava", "OR PZ Žilina"],
  },
  {
    code: "BEL",
    title: "BELGIË / BELGIQUE / BELGIEN",
    weight: 1.5,
    surnames: ["Peeters", "Janssens", "Wouters", "Vandewalle", "De Smet", "Lemaître"],
    male: ["Wouter", "Lucas", "Arnaud", "Thibault"],
    female: ["Louise", "Wendy", "Elise", "Marie-Hélène"],
    places: ["Antwerpen", "Liège", "Gent", "Bruxelles"],
    authorities: ["Antwerpen", "Liège", "Waregem"],
  },
  {
    code: "CHE",
    title: "SCHWEIZERISCHE EIDGENOSSENSCHAFT",
    weight: 1.5,
    surnames: ["Müller", "Wüthrich", "Bühler", "Frei", "Meier", "Widmer"],
    male: ["Reto", "Urs", "Beat", "Noah"],
    female: ["Regula", "Mirjam", "Laura", "Anouk"],
    places: ["Zürich", "Bern", "Winterthur", "Genève"],
    authorities: ["Zürich ZH", "Bern BE", "Winterthur ZH"],
  },
  {
    code: "ISL",
    title: "ÍSLAND",
    weight: 0.5,
    surnames: ["Jónsdóttir", "Guðmundsson", "Þórsdóttir", "Sigurðsson"],
    male: ["Þórður", "Guðmundur", "Ásgeir"],
    female: ["Þóra", "Guðrún", "Sigríður"],
    places: ["Reykjavík", "Akureyri"],
    authorities: ["Þjóðskrá Íslands"],
  },
  {
    code: "SRB",
    title: "РЕПУБЛИКА СРБИЈА / REPUBLIKA SRBIJA",
    weight: 1.5,
    surnames: ["Jovanović", "Petrović", "Nikolić", "Đorđević", "Stanković"],
    male: ["Nemanja", "Đorđe", "Stefan", "Miloš"],
    female: ["Jelena", "Milica", "Dragana", "Snežana"],
    places: ["Beograd", "Novi Sad", "Niš"],
    authorities: ["PU za grad Beograd", "PU Novi Sad"],
  },
  {
    code: "BIH",
    title: "BOSNA I HERCEGOVINA",
    weight: 1.5,
    surnames: ["Hodžić", "Begović", "Delić", "Kovačević", "Mehmedović"],
    male: ["Adnan", "Emir", "Haris", "Dževad"],
    female: ["Amra", "Lejla", "Selma", "Ajša"],
    places: ["Sarajevo", "Mostar", "Tuzla", "Zenica"],
    authorities: ["MUP KS Sarajevo", "MUP HNK Mostar"],
  },
  {
    code: "LTU",
    title: "LIETUVOS RESPUBLIKA",
    weight: 0.7,
    surnames: ["Kazlauskas/Kazlauskienė", "Jankauskas/Jankauskienė", "Žukauskas/Žukauskienė"],
    male: ["Mindaugas", "Žygimantas", "Vytautas"],
    female: ["Rūta", "Eglė", "Gintarė"],
    places: ["Vilnius", "Kaunas", "Šiauliai"],
    authorities: ["Migracijos departamentas"],
  },
  {
    code: "FIN",
    title: "SUOMI FINLAND",
    weight: 0.7,
    surnames: ["Virtanen", "Mäkinen", "Häkkinen", "Wikström", "Järvinen"],
    male: ["Väinö", "Eero", "Juho"],
    female: ["Aino", "Sääde", "Venla"],
    places: ["Helsinki", "Jyväskylä", "Hämeenlinna"],
    authorities: ["Poliisi"],
  },
  {
    code: "IRL",
    title: "ÉIRE IRELAND",
    weight: 0.7,
    surnames: ["Ó Briain", "Mac Giolla Phádraig", "Walsh", "O'Connor-Whelan"],
    male: ["Seán", "Pádraig", "Ciarán"],
    female: ["Síle", "Aoife", "Niamh"],
    places: ["Dublin", "Cork", "Waterford"],
    authorities: ["Department of Foreign Affairs"],
  },
  {
    code: "GRC",
    title: "ΕΛΛΗΝΙΚΗ ΔΗΜΟΚΡΑΤΙΑ / HELLENIC REPUBLIC",
    weight: 0.5,
    surnames: ["Papadopoulos/Papadopoulou", "Georgiou", "Konstantinidis/Konstantinidou"],
    male: ["Georgios", "Dimitrios", "Nikolaos"],
    female: ["Eleni", "Vasiliki", "Aikaterini"],
    places: ["Athina", "Thessaloniki", "Patra"],
    authorities: ["A.E.A. - D.D."],
  },
  {
    code: "TUR",
    title: "TÜRKİYE CUMHURİYETİ",
    weight: 0.5,
    surnames: ["Yılmaz", "Şahin", "Öztürk", "Çelik", "Doğan"],
    male: ["Mehmet", "Çağrı", "Oğuz"],
    female: ["Ayşe", "Gülşen", "Büşra"],
    places: ["İstanbul", "Ankara", "İzmir"],
    authorities: ["T.C. İçişleri Bakanlığı"],
  },
  {
    code: "CAN",
    title: "CANADA",
    weight: 0.5,
    surnames: ["Tremblay", "Gagnon", "Wilson", "MacDonald", "Bouchard-Wong"],
    male: ["Étienne", "Wesley", "Liam"],
    female: ["Geneviève", "Willow", "Charlotte"],
    places: ["Montréal", "Winnipeg", "Toronto"],
    authorities: ["Gatineau", "Mississauga"],
  },
  {
    code: "AUS",
    title: "AUSTRALIA",
    weight: 0.5,
    surnames: ["Wilson", "Taylor", "Nguyen", "Walsh", "Kowalczyk"],
    male: ["Jack", "Cooper", "Lachlan"],
    female: ["Matilda", "Willow", "Zoe"],
    places: ["Sydney", "Wollongong", "Perth"],
    authorities: ["Australian Passport Office"],
  },
  {
    code: "KOR",
    title: "REPUBLIC OF KOREA",
    weight: 0.4,
    surnames: ["Kim", "Lee", "Park", "Jung", "Hwang"],
    male: ["Min Jun", "Seo Jun", "Dong Wook"],
    female: ["Ji Woo", "Seo Yeon", "Ha Eun"],
    places: ["Seoul", "Busan"],
    authorities: ["Ministry of Foreign Affairs"],
  },
];

/** Where the stateless holders of residence permits were born (names from these pools). */
export const STATELESS_NAMES = COUNTRIES.filter((c) =>
  ["UKR", "SRB", "BIH", "TUR"].includes(c.code)
);

export function pickCountry(rng: Rng, from: Country[] = COUNTRIES): Country {
  return rng.weighted(from.map((c) => [c, c.weight] as const));
}

export interface Person {
  surname: string;
  givenNames: string;
  sex: "M" | "F";
  placeOfBirth: string;
}

/** A person of that country; sometimes with two given names or a double surname. */
export function pickPerson(rng: Rng, country: Country, sex: "M" | "F", long = false): Person {
  const surnameOf = () => {
    const [male, female = male] = rng.pick(country.surnames).split("/");
    return sex === "M" ? male : female;
  };
  const givenOf = () => rng.pick(sex === "M" ? country.male : country.female);
  let surname = surnameOf();
  let givenNames = givenOf();
  if (long || rng.chance(0.2)) {
    const second = givenOf();
    if (second !== givenNames) givenNames += " " + second;
  }
  if (long) {
    let other = surnameOf();
    if (other === surname) other = surnameOf();
    surname = `${surname}-${other}`;
    const third = givenOf();
    if (!givenNames.includes(third)) givenNames += " " + third;
    givenNames += " " + rng.pick(sex === "M" ? LONG_MALE : LONG_FEMALE);
  }
  return { surname, givenNames, sex, placeOfBirth: rng.pick(country.places) };
}

const LONG_MALE = ["Maximilian Alexander", "Wolfgang Amadeus", "Christophorus", "Bartholomäus"];
const LONG_FEMALE = ["Maximiliane Alexandra", "Walburga Wilhelmine", "Anastasia Konstanze"];

/** The proof of residence in the languages the host can hand it out in. */
export const PROOF_LANGUAGES = ["hr", "en", "de", "it"] as const;
export type ProofLanguage = (typeof PROOF_LANGUAGES)[number];

export interface ProofTexts {
  title: string;
  intro: string;
  guest: string;
  dateOfBirth: string;
  citizenship: string;
  document: string;
  accommodation: string;
  facilityCode: string;
  arrival: string;
  departure: string;
  registered: string;
  notRegistered: string;
  confidential: string;
  documentTypes: [string, string, string, string, string];
}

export const PROOF_TEXTS: Record<ProofLanguage, ProofTexts> = {
  hr: {
    title: "Potvrda o boravku",
    intro: "Potvrđujemo da je niže navedena osoba boravila u našem smještaju.",
    guest: "Gost",
    dateOfBirth: "Datum rođenja",
    citizenship: "Državljanstvo",
    document: "Isprava",
    accommodation: "Smještaj",
    facilityCode: "Šifra objekta (eVisitor)",
    arrival: "Dolazak",
    departure: "Odlazak",
    registered: "Prijavljen u sustav eVisitor",
    notRegistered: "Još nije prijavljen u sustav eVisitor",
    confidential:
      "Ovaj dokument sadrži osobne podatke. Čuvajte ga povjerljivim i ne dijelite ga s trećim osobama.",
    documentTypes: [
      "Osobna iskaznica",
      "Putovnica",
      "Viza",
      "Vozačka dozvola",
      "Zdravstvena iskaznica",
    ],
  },
  en: {
    title: "Proof of residence",
    intro: "We confirm that the person named below stayed in our accommodation.",
    guest: "Guest",
    dateOfBirth: "Date of birth",
    citizenship: "Citizenship",
    document: "Document",
    accommodation: "Accommodation",
    facilityCode: "Facility code (eVisitor)",
    arrival: "Arrival",
    departure: "Departure",
    registered: "Registered with eVisitor",
    notRegistered: "Not yet registered with eVisitor",
    confidential:
      "This document contains personal data. Keep it confidential and do not share it with third parties.",
    documentTypes: [
      "Identity card",
      "Passport",
      "Visa",
      "Driving licence",
      "Health insurance card",
    ],
  },
  de: {
    title: "Aufenthaltsbestätigung",
    intro: "Wir bestätigen, dass die unten genannte Person in unserer Unterkunft gewohnt hat.",
    guest: "Gast",
    dateOfBirth: "Geburtsdatum",
    citizenship: "Staatsangehörigkeit",
    document: "Ausweisdokument",
    accommodation: "Unterkunft",
    facilityCode: "Objektnummer (eVisitor)",
    arrival: "Anreise",
    departure: "Abreise",
    registered: "Bei eVisitor angemeldet",
    notRegistered: "Noch nicht bei eVisitor angemeldet",
    confidential:
      "Dieses Dokument enthält personenbezogene Daten. Bewahren Sie es vertraulich auf und geben Sie es nicht an Dritte weiter.",
    documentTypes: [
      "Personalausweis",
      "Reisepass",
      "Visum",
      "Führerschein",
      "Krankenversicherungskarte",
    ],
  },
  it: {
    title: "Attestato di soggiorno",
    intro: "Confermiamo che la persona indicata di seguito ha soggiornato nella nostra struttura.",
    guest: "Ospite",
    dateOfBirth: "Data di nascita",
    citizenship: "Cittadinanza",
    document: "Documento",
    accommodation: "Alloggio",
    facilityCode: "Codice struttura (eVisitor)",
    arrival: "Arrivo",
    departure: "Partenza",
    registered: "Registrato in eVisitor",
    notRegistered: "Non ancora registrato in eVisitor",
    confidential:
      "Questo documento contiene dati personali. Conservalo in modo riservato e non condividerlo con terzi.",
    documentTypes: [
      "Carta d'identità",
      "Passaporto",
      "Visto",
      "Patente di guida",
      "Tessera sanitaria",
    ],
  },
};

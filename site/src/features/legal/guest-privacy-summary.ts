import type { GuestPrivacySummaryLanguage } from "@shared/legal/documents.ts";
import type { OperatorLabels } from "./OperatorDetails.tsx";

/**
 * The guests' privacy summary (/{lang}/privatnost-gosta) in each check-in language without a full
 * policy: what the privacy policy (texts/PrivacyEn.astro, sections 1, 3 and 6) says about guests,
 * in the same facts. Figures and addresses are not written here: `{days}` is the guests' retention
 * period (shared/retention.ts), the links come from shared/legal/documents.ts.
 */
export interface GuestPrivacySummary {
  title: string;
  description: string;
  intro: string;
  controllerHeading: string;
  controller: string;
  processor: string;
  operatorHeading: string;
  operator: OperatorLabels;
  dataHeading: string;
  data: string;
  purpose: string;
  photosHeading: string;
  photos: string;
  retentionHeading: string;
  /** With `{days}`: the guests' retention period in days. */
  retention: string;
  rightsHeading: string;
  rightsIntro: string;
  rights: string[];
  /** The last right, followed by the link to azop.hr. */
  complaint: string;
  rightsNote: string;
  fullHeading: string;
  full: string;
  fullEn: string;
  fullHr: string;
}

export const GUEST_PRIVACY_SUMMARIES: Record<GuestPrivacySummaryLanguage, GuestPrivacySummary> = {
  de: {
    title: "Ihre Daten bei der Anmeldung",
    description:
      "Die Datenschutzerklärung von Prijavko für Gäste kurz gefasst: wer Ihre Daten verarbeitet, welche und warum, wie lange, und Ihre Rechte.",
    intro:
      "Diese Seite fasst zusammen, was die Datenschutzerklärung von Prijavko über Gäste sagt. Verbindlich ist die vollständige Datenschutzerklärung auf Englisch und Kroatisch (Links unten).",
    controllerHeading: "Wer ist verantwortlich",
    controller:
      "Verantwortlicher für Ihre Daten ist Ihr Gastgeber, denn er ist gesetzlich verpflichtet, Sie anzumelden.",
    processor:
      "Prijavko verarbeitet die Daten im Auftrag des Gastgebers als Auftragsverarbeiter. Sie können sich an Ihren Gastgeber oder an uns wenden; wir leiten Ihre Anfrage an den Gastgeber weiter und helfen ihm bei der Antwort.",
    operatorHeading: "Anbieter von Prijavko",
    operator: {
      operatorLoading: "Angaben zum Anbieter werden geladen…",
      operatorFailed:
        "Die Angaben zum Anbieter können gerade nicht geladen werden. Bitte versuchen Sie es später noch einmal.",
      oib: "OIB (kroatische Steuernummer)",
      email: "E-Mail",
    },
    dataHeading: "Welche Daten und warum",
    data:
      "Wir verarbeiten, was eVisitor für eine Anmeldung verlangt: Vor- und Nachname, Geschlecht, Geburtsdatum, Staatsangehörigkeit, Geburtsland und -ort, Wohnsitzland und -ort, Adresse (falls angegeben), Art und Nummer des Reisedokuments (die Nummer wird verschlüsselt gespeichert), wo nötig Grenzübergang und Einreisedatum sowie, wenn Sie sie angeben, E-Mail-Adresse und Telefonnummer.",
    purpose:
      "Ihr Gastgeber muss jeden Gast nach kroatischem Recht (unter anderem dem Gesetz über die Tourismusabgabe, Zakon o turističkoj pristojbi, und der Verordnung über das System eVisitor) in eVisitor, dem System der Kroatischen Zentrale für Tourismus, an- und abmelden. Rechtsgrundlage ist diese gesetzliche Pflicht (Art. 6 Abs. 1 lit. c DSGVO). Wir übermitteln die Daten im Auftrag des Gastgebers an eVisitor und verwenden sie für keinen anderen Zweck.",
    photosHeading: "Fotos von Ausweisen",
    photos:
      "Fotos von Ausweisen speichern wir nicht. Wenn Sie ein Dokument scannen, dient das Foto nur dazu, seine maschinenlesbare Zone (MRZ) zu lesen und das Formular auszufüllen; danach wird es verworfen.",
    retentionHeading: "Wie lange wir Daten aufbewahren",
    retention:
      "Ihre personenbezogenen Daten werden {days} Tage nach der Abreise gelöscht (sofern der Anbieter keine andere Frist festlegt), sobald eVisitor mit Ihrer Meldung fertig ist. Für Statistiken bleiben nur Angaben, die Sie nicht identifizieren (Daten, Geschlecht, Länder, Dokumentart). Steht Ihre An- oder Abmeldung noch aus, bleiben die Daten bis zu deren Abschluss erhalten. Das amtliche Gästeverzeichnis führt eVisitor, nicht Prijavko.",
    rightsHeading: "Ihre Rechte",
    rightsIntro: "Sie haben das Recht auf:",
    rights: [
      "Auskunft über Ihre Daten und eine Kopie davon;",
      "Berichtigung unrichtiger Daten;",
      "Löschung, soweit das Gesetz sie zulässt (nicht, solange die Meldepflicht des Gastgebers die Daten erfordert);",
    ],
    complaint:
      "Beschwerde bei der kroatischen Datenschutzbehörde (Agencija za zaštitu osobnih podataka, AZOP):",
    rightsNote: "Wir beantworten Anfragen unverzüglich, spätestens innerhalb eines Monats.",
    fullHeading: "Vollständige Datenschutzerklärung",
    full: "Die vollständige Datenschutzerklärung gibt es auf Englisch und auf Kroatisch:",
    fullEn: "Datenschutzerklärung auf Englisch",
    fullHr: "Datenschutzerklärung auf Kroatisch",
  },
  fr: {
    title: "Vos données lors de l'enregistrement",
    description:
      "La politique de confidentialité de Prijavko résumée pour les voyageurs : qui traite vos données, lesquelles et pourquoi, combien de temps, et vos droits.",
    intro:
      "Cette page résume ce que la politique de confidentialité de Prijavko dit des voyageurs. Le texte qui fait foi est la politique complète, en anglais et en croate (liens ci-dessous).",
    controllerHeading: "Qui est responsable",
    controller:
      "Le responsable du traitement de vos données est votre hôte, car c'est à lui que la loi impose de vous déclarer.",
    processor:
      "Prijavko traite ces données pour le compte de l'hôte, en tant que sous-traitant. Vous pouvez vous adresser à votre hôte ou à nous ; nous transmettons votre demande à l'hôte et l'aidons à y répondre.",
    operatorHeading: "Le prestataire de Prijavko",
    operator: {
      operatorLoading: "Chargement des coordonnées du prestataire…",
      operatorFailed:
        "Les coordonnées du prestataire ne peuvent pas être chargées pour le moment. Veuillez réessayer plus tard.",
      oib: "OIB (numéro fiscal croate)",
      email: "E-mail",
    },
    dataHeading: "Quelles données et pourquoi",
    data:
      "Nous traitons ce qu'eVisitor exige pour une déclaration : nom et prénom, sexe, date de naissance, nationalité, pays et lieu de naissance, pays et lieu de résidence, adresse (si elle est saisie), type et numéro du document de voyage (le numéro est stocké chiffré), si nécessaire le poste-frontière et la date d'entrée et, si vous les indiquez, votre adresse e-mail et votre téléphone.",
    purpose:
      "Votre hôte doit déclarer l'arrivée et le départ de chaque voyageur dans eVisitor, le système de l'Office national croate du tourisme, en vertu du droit croate (notamment la loi sur la taxe de séjour, Zakon o turističkoj pristojbi, et le règlement sur le système eVisitor). Le traitement repose sur cette obligation légale (article 6, paragraphe 1, point c, du RGPD). Nous transmettons les données à eVisitor pour le compte de l'hôte et ne les utilisons à aucune autre fin.",
    photosHeading: "Photos des documents",
    photos:
      "Nous ne conservons pas les photos des documents. Lorsque vous scannez un document, la photo sert uniquement à lire sa bande de lecture automatique (MRZ) pour remplir le formulaire, puis elle est supprimée.",
    retentionHeading: "Durée de conservation",
    retention:
      "Vos données personnelles sont supprimées {days} jours après votre départ (sauf si le prestataire fixe une autre durée), une fois qu'eVisitor en a fini avec votre déclaration. Seules restent, à des fins statistiques, des données qui ne permettent pas de vous identifier (dates, sexe, pays, type de document). Si votre déclaration d'arrivée ou de départ est encore en attente, les données sont gardées jusqu'à ce qu'elle soit faite. Le registre officiel des voyageurs est tenu par eVisitor, non par Prijavko.",
    rightsHeading: "Vos droits",
    rightsIntro: "Vous avez droit à :",
    rights: [
      "l'accès à vos données et à leur copie ;",
      "la rectification des données inexactes ;",
      "l'effacement, dans la mesure où la loi le permet (pas tant que l'obligation de déclaration de l'hôte exige les données) ;",
    ],
    complaint:
      "une réclamation auprès de l'autorité croate de protection des données (Agencija za zaštitu osobnih podataka, AZOP) :",
    rightsNote:
      "Nous répondons aux demandes dans les meilleurs délais, au plus tard dans un délai d'un mois.",
    fullHeading: "Politique de confidentialité complète",
    full: "La politique complète est disponible en anglais et en croate :",
    fullEn: "Politique de confidentialité en anglais",
    fullHr: "Politique de confidentialité en croate",
  },
  it: {
    title: "I vostri dati al check-in",
    description:
      "L'informativa sulla privacy di Prijavko in sintesi per gli ospiti: chi tratta i vostri dati, quali e perché, per quanto tempo, e i vostri diritti.",
    intro:
      "Questa pagina riassume ciò che l'informativa sulla privacy di Prijavko dice sugli ospiti. Fa fede l'informativa completa, in inglese e in croato (link in fondo).",
    controllerHeading: "Chi è responsabile",
    controller:
      "Il titolare del trattamento dei vostri dati è il vostro host, perché è lui ad avere l'obbligo di legge di registrarvi.",
    processor:
      "Prijavko tratta i dati per conto dell'host, come responsabile del trattamento. Potete rivolgervi all'host o a noi; inoltriamo la richiesta all'host e lo aiutiamo a rispondere.",
    operatorHeading: "Il fornitore di Prijavko",
    operator: {
      operatorLoading: "Caricamento dei dati del fornitore…",
      operatorFailed:
        "I dati del fornitore non possono essere caricati al momento. Riprovate più tardi.",
      oib: "OIB (codice fiscale croato)",
      email: "E-mail",
    },
    dataHeading: "Quali dati e perché",
    data:
      "Trattiamo ciò che eVisitor richiede per una registrazione: nome e cognome, sesso, data di nascita, cittadinanza, paese e luogo di nascita, paese e luogo di residenza, indirizzo (se inserito), tipo e numero del documento di viaggio (il numero è conservato cifrato), se necessario il valico di frontiera e la data di ingresso e, se li indicate, e-mail e telefono.",
    purpose:
      "Il vostro host deve registrare l'arrivo e la partenza di ogni ospite in eVisitor, il sistema dell'Ente nazionale croato per il turismo, secondo la legge croata (tra l'altro la legge sulla tassa di soggiorno, Zakon o turističkoj pristojbi, e il regolamento sul sistema eVisitor). Il trattamento si basa su tale obbligo di legge (art. 6, par. 1, lett. c) del GDPR). Trasmettiamo i dati a eVisitor per conto dell'host e non li usiamo per nessun altro scopo.",
    photosHeading: "Foto dei documenti",
    photos:
      "Non conserviamo le foto dei documenti. Quando scansionate un documento, la foto serve solo a leggerne la zona a lettura ottica (MRZ) per compilare il modulo, poi viene eliminata.",
    retentionHeading: "Per quanto tempo conserviamo i dati",
    retention:
      "I vostri dati personali vengono cancellati {days} giorni dopo la partenza (salvo un diverso termine fissato dal fornitore), una volta che eVisitor ha concluso la vostra registrazione. Restano, a fini statistici, solo dati che non permettono di identificarvi (date, sesso, paesi, tipo di documento). Se la registrazione dell'arrivo o della partenza è ancora in sospeso, i dati restano finché non è completata. Il registro ufficiale dei turisti è tenuto da eVisitor, non da Prijavko.",
    rightsHeading: "I vostri diritti",
    rightsIntro: "Avete diritto a:",
    rights: [
      "accesso ai vostri dati e copia degli stessi;",
      "rettifica dei dati inesatti;",
      "cancellazione, nei limiti consentiti dalla legge (non finché l'obbligo di registrazione dell'host richiede i dati);",
    ],
    complaint:
      "reclamo all'autorità croata per la protezione dei dati (Agencija za zaštitu osobnih podataka, AZOP):",
    rightsNote:
      "Rispondiamo alle richieste senza ingiustificato ritardo e al più tardi entro un mese.",
    fullHeading: "Informativa completa",
    full: "L'informativa completa è disponibile in inglese e in croato:",
    fullEn: "Informativa sulla privacy in inglese",
    fullHr: "Informativa sulla privacy in croato",
  },
  es: {
    title: "Sus datos en el registro",
    description:
      "La política de privacidad de Prijavko resumida para huéspedes: quién trata sus datos, cuáles y por qué, durante cuánto tiempo y sus derechos.",
    intro:
      "Esta página resume lo que la política de privacidad de Prijavko dice sobre los huéspedes. El texto vinculante es la política completa, en inglés y en croata (enlaces al final).",
    controllerHeading: "Quién es el responsable",
    controller:
      "El responsable del tratamiento de sus datos es su anfitrión, porque es él quien tiene la obligación legal de registrarle.",
    processor:
      "Prijavko trata los datos por cuenta del anfitrión, como encargado del tratamiento. Puede dirigirse a su anfitrión o a nosotros; trasladamos su solicitud al anfitrión y le ayudamos a responderla.",
    operatorHeading: "El proveedor de Prijavko",
    operator: {
      operatorLoading: "Cargando los datos del proveedor…",
      operatorFailed:
        "Los datos del proveedor no se pueden cargar en este momento. Inténtelo de nuevo más tarde.",
      oib: "OIB (número fiscal croata)",
      email: "Correo electrónico",
    },
    dataHeading: "Qué datos y por qué",
    data:
      "Tratamos lo que eVisitor exige para un registro: nombre y apellidos, sexo, fecha de nacimiento, nacionalidad, país y lugar de nacimiento, país y lugar de residencia, dirección (si se indica), tipo y número del documento de viaje (el número se guarda cifrado), cuando sea necesario el paso fronterizo y la fecha de entrada y, si los indica, correo electrónico y teléfono.",
    purpose:
      "Su anfitrión debe registrar la llegada y la salida de cada huésped en eVisitor, el sistema de la Oficina Nacional Croata de Turismo, conforme a la legislación croata (entre otras, la Ley del impuesto turístico, Zakon o turističkoj pristojbi, y el reglamento del sistema eVisitor). El tratamiento se basa en esa obligación legal (artículo 6, apartado 1, letra c, del RGPD). Enviamos los datos a eVisitor por cuenta del anfitrión y no los usamos para ningún otro fin.",
    photosHeading: "Fotos de documentos",
    photos:
      "No guardamos fotos de los documentos. Cuando escanea un documento, la foto solo sirve para leer su zona de lectura mecánica (MRZ) y rellenar el formulario; después se descarta.",
    retentionHeading: "Cuánto tiempo conservamos los datos",
    retention:
      "Sus datos personales se borran {days} días después de la salida (salvo que el proveedor fije otro plazo), una vez que eVisitor ha terminado con su registro. Solo quedan, con fines estadísticos, datos que no permiten identificarle (fechas, sexo, países, tipo de documento). Si el registro de su llegada o salida sigue pendiente, los datos se conservan hasta que se complete. El registro oficial de turistas lo lleva eVisitor, no Prijavko.",
    rightsHeading: "Sus derechos",
    rightsIntro: "Usted tiene derecho a:",
    rights: [
      "acceder a sus datos y obtener una copia;",
      "rectificar los datos inexactos;",
      "suprimirlos, en la medida en que la ley lo permita (no mientras la obligación de registro del anfitrión los exija);",
    ],
    complaint:
      "presentar una reclamación ante la autoridad croata de protección de datos (Agencija za zaštitu osobnih podataka, AZOP):",
    rightsNote:
      "Respondemos a las solicitudes sin dilación indebida y, a más tardar, en el plazo de un mes.",
    fullHeading: "Política de privacidad completa",
    full: "La política completa está disponible en inglés y en croata:",
    fullEn: "Política de privacidad en inglés",
    fullHr: "Política de privacidad en croata",
  },
  ru: {
    title: "Ваши данные при регистрации",
    description:
      "Политика конфиденциальности Prijavko кратко для гостей: кто обрабатывает ваши данные, какие и зачем, как долго их хранят и каковы ваши права.",
    intro:
      "На этой странице кратко изложено, что политика конфиденциальности Prijavko говорит о гостях. Обязательную силу имеет полная политика на английском и хорватском языках (ссылки внизу).",
    controllerHeading: "Кто отвечает за данные",
    controller:
      "Оператором (контролёром) ваших данных является ваш хозяин, так как именно он обязан по закону вас зарегистрировать.",
    processor:
      "Prijavko обрабатывает данные по поручению хозяина как обработчик. Вы можете обратиться к хозяину или к нам; мы передадим ваш запрос хозяину и поможем ему ответить.",
    operatorHeading: "Поставщик услуги Prijavko",
    operator: {
      operatorLoading: "Загрузка данных поставщика…",
      operatorFailed: "Данные поставщика сейчас не удаётся загрузить. Попробуйте позже.",
      oib: "OIB (хорватский налоговый номер)",
      email: "Эл. почта",
    },
    dataHeading: "Какие данные и зачем",
    data:
      "Мы обрабатываем то, что требуется для регистрации в eVisitor: имя и фамилию, пол, дату рождения, гражданство, страну и место рождения, страну и место проживания, адрес (если он указан), вид и номер проездного документа (номер хранится в зашифрованном виде), при необходимости пункт пересечения границы и дату въезда, а также, если вы их укажете, адрес электронной почты и телефон.",
    purpose:
      "Ваш хозяин обязан регистрировать прибытие и выезд каждого гостя в eVisitor — системе Хорватского национального туристического сообщества — в соответствии с хорватским законодательством (в том числе Законом о туристическом сборе, Zakon o turističkoj pristojbi, и положением о системе eVisitor). Правовое основание обработки — эта обязанность по закону (ст. 6(1)(c) GDPR). Мы передаём данные в eVisitor по поручению хозяина и не используем их ни для каких других целей.",
    photosHeading: "Фотографии документов",
    photos:
      "Мы не храним фотографии документов. Когда вы сканируете документ, фото используется только для считывания машиночитаемой зоны (MRZ) и заполнения формы, после чего удаляется.",
    retentionHeading: "Как долго мы храним данные",
    retention:
      "Ваши персональные данные удаляются через {days} дней после выезда (если поставщик не установил другой срок), когда работа eVisitor с вашей регистрацией завершена. Для статистики остаются только данные, по которым вас нельзя идентифицировать (даты, пол, страны, вид документа). Если регистрация прибытия или выезда ещё не завершена, данные хранятся до её завершения. Официальный реестр туристов ведёт eVisitor, а не Prijavko.",
    rightsHeading: "Ваши права",
    rightsIntro: "Вы имеете право:",
    rights: [
      "получить доступ к своим данным и их копию;",
      "исправить неточные данные;",
      "потребовать удаления данных в той мере, в какой это допускает закон (но не пока они нужны для обязательной регистрации хозяином);",
    ],
    complaint:
      "подать жалобу в хорватский орган по защите персональных данных (Agencija za zaštitu osobnih podataka, AZOP):",
    rightsNote: "Мы отвечаем на запросы без неоправданной задержки, не позднее чем через месяц.",
    fullHeading: "Полная политика конфиденциальности",
    full: "Полная политика доступна на английском и хорватском языках:",
    fullEn: "Политика конфиденциальности на английском",
    fullHr: "Политика конфиденциальности на хорватском",
  },
};

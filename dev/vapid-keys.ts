/**
 * Prints a new VAPID key pair for Web Push (issue 35) as two lines of a secrets file
 * (VAPID_PUBLIC_KEY=…, VAPID_PRIVATE_KEY=…): dev/setup.sh adds them to data/secrets.env once.
 */
import webpush from "web-push";

const { publicKey, privateKey } = webpush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);

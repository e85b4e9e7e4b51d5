import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The otpauth:// URI as an SVG QR code (an <img> from a data: URL: the CSP allows data: images, not inline SVG scripts). */
export function TotpQrCode({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} alt={alt} width={192} height={192} className="rounded bg-white p-1" />
  ) : (
    <div className="size-48 rounded bg-panel-2" aria-busy="true" />
  );
}

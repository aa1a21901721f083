// The Bouncy Castle oracle: Bouncy Castle's lightweight API (bcprov, Debian's libbcprov-java)
// served over the exec line protocol (oracles/PROTOCOL.md) on stdin/stdout, one JVM for a whole
// run. Every ARIA mode Bouncy Castle has: ECB, CBC, CTR (SICBlockCipher), CFB8, CFB128, OFB, GCM,
// CCM, CMAC, KW (ARIAWrapEngine), KWP (ARIAWrapPadEngine) and CBC with PKCS #7 padding; the same
// modes over AESEngine for Cipher "aes". CFB1 is unsupported (Bouncy Castle's CFB takes whole
// bytes only).
//
// Answers: an exception Bouncy Castle documents for bad input (IllegalArgumentException,
// DataLengthException, InvalidCipherTextException, IllegalStateException) is `refused` with its
// class and message. Any other RuntimeException thrown from Bouncy Castle's code (its first frame
// outside the JDK is in org.bouncycastle: ArrayIndexOutOfBoundsException,
// NegativeArraySizeException...) is `crashed` (the library itself failed on these inputs, a
// finding about it); one thrown from this adapter's own code is `error` (the adapter is at fault).
//
// Test-only: `--plant-flip-output` flips the last byte of every `ok` answer's output (its tag when
// the output is empty), so that tests can check a wrong answer is caught.
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.StreamCipher;
import org.bouncycastle.crypto.Wrapper;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.engines.AESWrapEngine;
import org.bouncycastle.crypto.engines.AESWrapPadEngine;
import org.bouncycastle.crypto.engines.ARIAEngine;
import org.bouncycastle.crypto.engines.ARIAWrapEngine;
import org.bouncycastle.crypto.engines.ARIAWrapPadEngine;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.modes.AEADBlockCipher;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.OFBBlockCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.paddings.PKCS7Padding;
import org.bouncycastle.crypto.paddings.PaddedBufferedBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

public final class BouncyCastleAdapter {
  private static final String HELLO = "hello ariasuite-exec 1";
  private static final String[] FIELDS = {"key", "iv", "aad", "in", "tag", "taglen"};

  // One answer line; thrown by the parser so that a bad request is answered, never a crash.
  private static final class Answer extends Exception {
    final String line;

    Answer(String line) {
      super(line, null, false, false);
      this.line = line;
    }
  }

  private static final class Request {
    String op;
    String cipher;
    byte[] key, iv, aad, in, tag;
    int tagLen;
  }

  private static boolean plantFlip = false;

  public static void main(String[] args) throws IOException {
    for (String a : args) {
      if (a.equals("--plant-flip-output")) {
        plantFlip = true;
      } else {
        System.err.println("bouncycastle adapter: unknown argument '" + a + "'");
        System.exit(2);
      }
    }
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    BufferedWriter out =
        new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.endsWith("\r")) line = line.substring(0, line.length() - 1);
      String answer;
      if (line.equals(HELLO)) {
        answer = HELLO + " bouncycastle " + version();
      } else {
        try {
          answer = run(parse(line));
        } catch (Answer a) {
          answer = a.line;
        }
      }
      out.write(answer);
      out.write('\n');
      out.flush();
    }
  }

  private static String version() {
    Package p = ARIAEngine.class.getPackage();
    String v = p == null ? null : p.getImplementationVersion();
    return v == null ? "(version unknown)" : v;
  }

  // "OP CIPHER key=HEX iv=HEX aad=HEX in=HEX tag=HEX taglen=DECIMAL" (PROTOCOL.md, Requests).
  private static Request parse(String line) throws Answer {
    String[] f = line.split(" ", -1);
    if (f.length != 8) {
      throw new Answer("error expected 8 space-separated fields, got " + f.length);
    }
    Request r = new Request();
    r.op = f[0];
    r.cipher = f[1];
    String[] values = new String[FIELDS.length];
    for (int i = 0; i < FIELDS.length; i++) {
      String want = FIELDS[i] + "=";
      if (!f[i + 2].startsWith(want)) {
        throw new Answer("error field " + (i + 3) + " is not " + want + "...");
      }
      values[i] = f[i + 2].substring(want.length());
    }
    r.key = hex("key", values[0]);
    r.iv = hex("iv", values[1]);
    r.aad = hex("aad", values[2]);
    r.in = hex("in", values[3]);
    r.tag = hex("tag", values[4]);
    if (!values[5].matches("[0-9]{1,9}")) {
      throw new Answer("error taglen is not a decimal number: '" + values[5] + "'");
    }
    r.tagLen = Integer.parseInt(values[5]);
    return r;
  }

  private static byte[] hex(String field, String s) throws Answer {
    if (s.length() % 2 != 0) throw new Answer("error " + field + ": odd number of hex digits");
    byte[] b = new byte[s.length() / 2];
    for (int i = 0; i < b.length; i++) {
      int hi = Character.digit(s.charAt(2 * i), 16), lo = Character.digit(s.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) throw new Answer("error " + field + ": bad hex digit at " + 2 * i);
      b[i] = (byte) (hi << 4 | lo);
    }
    return b;
  }

  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  private static String hex(byte[] b) {
    char[] c = new char[2 * b.length];
    for (int i = 0; i < b.length; i++) {
      c[2 * i] = DIGITS[(b[i] >> 4) & 15];
      c[2 * i + 1] = DIGITS[b[i] & 15];
    }
    return new String(c);
  }

  private static String ok(byte[] output, byte[] tag) {
    if (plantFlip) {
      if (output.length > 0) {
        output[output.length - 1] ^= 1;
      } else if (tag.length > 0) {
        tag[tag.length - 1] ^= 1;
      }
    }
    return "ok out=" + hex(output) + " tag=" + hex(tag);
  }

  private static String run(Request r) throws Answer {
    if (!r.cipher.equals("aria") && !r.cipher.equals("aes")) {
      return "unsupported cipher " + r.cipher;
    }
    try {
      return dispatch(r);
    } catch (IllegalArgumentException
        | DataLengthException
        | InvalidCipherTextException
        | IllegalStateException e) {
      return "refused " + describe(e);
    } catch (RuntimeException e) {
      return (thrownByBouncyCastle(e) ? "crashed " : "error the adapter threw ") + describe(e);
    }
  }

  // Whether the first frame of e's stack trace outside the JDK (java.*, javax.*, jdk.*, sun.*: an
  // exception of System.arraycopy, say, is its caller's) is Bouncy Castle's.
  private static boolean thrownByBouncyCastle(Throwable e) {
    for (StackTraceElement f : e.getStackTrace()) {
      String c = f.getClassName();
      if (c.startsWith("java.") || c.startsWith("javax.") || c.startsWith("jdk.")
          || c.startsWith("sun.")) {
        continue;
      }
      return c.startsWith("org.bouncycastle.");
    }
    return false;
  }

  private static String describe(Throwable e) {
    String msg = e.getMessage() == null ? "" : ": " + e.getMessage();
    return (e.getClass().getSimpleName() + msg).replaceAll("[^ -~]", "?");
  }

  private static boolean aria(Request r) {
    return r.cipher.equals("aria");
  }

  private static BlockCipher engine(Request r) {
    return aria(r) ? new ARIAEngine() : new AESEngine();
  }

  private static String dispatch(Request r) throws InvalidCipherTextException {
    switch (r.op) {
      case "ecb-encrypt":
      case "ecb-decrypt":
        return blocks(new BufferedBlockCipher(engine(r)), r, false);
      case "cbc-encrypt":
      case "cbc-decrypt":
        return blocks(new BufferedBlockCipher(new CBCBlockCipher(engine(r))), r, true);
      case "cbc-pkcs5-encrypt":
      case "cbc-pkcs5-decrypt":
        return blocks(
            new PaddedBufferedBlockCipher(new CBCBlockCipher(engine(r)), new PKCS7Padding()),
            r,
            true);
      case "ctr-encrypt":
      case "ctr-decrypt":
        return stream(new SICBlockCipher(engine(r)), r);
      case "cfb128-encrypt":
      case "cfb128-decrypt":
        return stream(new CFBBlockCipher(engine(r), 128), r);
      case "cfb8-encrypt":
      case "cfb8-decrypt":
        return stream(new CFBBlockCipher(engine(r), 8), r);
      case "ofb-encrypt":
      case "ofb-decrypt":
        return stream(new OFBBlockCipher(engine(r), 128), r);
      case "cfb1-encrypt":
      case "cfb1-decrypt":
        return "unsupported Bouncy Castle's CFBBlockCipher takes whole bytes only";
      case "gcm-seal":
      case "gcm-open":
        return aead(new GCMBlockCipher(engine(r)), r);
      case "ccm-seal":
      case "ccm-open":
        return aead(new CCMBlockCipher(engine(r)), r);
      case "cmac":
        return cmac(r);
      case "kw-wrap":
      case "kw-unwrap":
        return wrap(aria(r) ? new ARIAWrapEngine() : new AESWrapEngine(), r);
      case "kwp-wrap":
      case "kwp-unwrap":
        return wrap(aria(r) ? new ARIAWrapPadEngine() : new AESWrapPadEngine(), r);
      default:
        return "error unknown operation '" + r.op + "'";
    }
  }

  private static boolean encrypting(Request r) {
    return r.op.endsWith("-encrypt") || r.op.endsWith("-seal") || r.op.endsWith("-wrap");
  }

  private static String blocks(BufferedBlockCipher c, Request r, boolean withIv)
      throws InvalidCipherTextException {
    KeyParameter key = new KeyParameter(r.key);
    c.init(encrypting(r), withIv ? new ParametersWithIV(key, r.iv) : key);
    byte[] out = new byte[c.getOutputSize(r.in.length)];
    int n = c.processBytes(r.in, 0, r.in.length, out, 0);
    n += c.doFinal(out, n);
    return ok(Arrays.copyOf(out, n), new byte[0]);
  }

  private static String stream(StreamCipher c, Request r) {
    c.init(encrypting(r), new ParametersWithIV(new KeyParameter(r.key), r.iv));
    byte[] out = new byte[r.in.length];
    c.processBytes(r.in, 0, r.in.length, out, 0);
    return ok(out, new byte[0]);
  }

  // Seal: in = plaintext, the wanted tag length in taglen. Open: in = ciphertext, the tag apart;
  // Bouncy Castle takes ciphertext || tag and checks the tag in doFinal.
  private static String aead(AEADBlockCipher c, Request r) throws InvalidCipherTextException {
    boolean seal = encrypting(r);
    int tagLen = seal ? r.tagLen : r.tag.length;
    c.init(seal, new AEADParameters(new KeyParameter(r.key), tagLen * 8, r.iv, r.aad));
    byte[] input = r.in;
    if (!seal) {
      input = Arrays.copyOf(r.in, r.in.length + r.tag.length);
      System.arraycopy(r.tag, 0, input, r.in.length, r.tag.length);
    }
    byte[] out = new byte[c.getOutputSize(input.length)];
    int n = c.processBytes(input, 0, input.length, out, 0);
    n += c.doFinal(out, n);
    out = Arrays.copyOf(out, n);
    if (!seal) return ok(out, new byte[0]);
    if (n < r.in.length || n - r.in.length != tagLen) {
      return "error sealed " + n + " bytes for a " + r.in.length + "-byte plaintext and a "
          + tagLen + "-byte tag";
    }
    return ok(Arrays.copyOf(out, r.in.length), Arrays.copyOfRange(out, r.in.length, n));
  }

  private static String cmac(Request r) {
    CMac mac = new CMac(engine(r), r.tagLen * 8);
    mac.init(new KeyParameter(r.key));
    mac.update(r.in, 0, r.in.length);
    byte[] tag = new byte[mac.getMacSize()];
    mac.doFinal(tag, 0);
    return ok(new byte[0], tag);
  }

  private static String wrap(Wrapper w, Request r) throws InvalidCipherTextException {
    boolean forWrap = encrypting(r);
    w.init(forWrap, new KeyParameter(r.key));
    byte[] out = forWrap ? w.wrap(r.in, 0, r.in.length) : w.unwrap(r.in, 0, r.in.length);
    return ok(out, new byte[0]);
  }
}

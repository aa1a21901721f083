#!/usr/bin/env python3
"""An exec adapter written from oracles/PROTOCOL.md alone, as a check that the protocol's document
suffices: OpenSSL 3's libcrypto through ctypes (no compiled code, no ariasuite code), answering
ECB, CBC, CTR, CBC-PKCS5, GCM, CFB128/8/1 and OFB; every other operation is `unsupported`.
Inputs OpenSSL rejects (a key length ARIA lacks, an empty GCM IV, a wrong tag, bad padding) are
`refused`; `error` is kept for requests this adapter cannot parse."""
import ctypes
import ctypes.util
import sys

HELLO = "hello ariasuite-exec 1"
FIELDS = ("key", "iv", "aad", "in", "tag", "taglen")
MODES = {  # operation prefix -> (EVP mode name, padding)
    "ecb": ("ecb", 0), "cbc": ("cbc", 0), "ctr": ("ctr", 0), "cbc-pkcs5": ("cbc", 1),
    "cfb128": ("cfb", 0), "cfb8": ("cfb8", 0), "cfb1": ("cfb1", 0), "ofb": ("ofb", 0),
}
EVP_CTRL_AEAD_SET_IVLEN, EVP_CTRL_AEAD_GET_TAG, EVP_CTRL_AEAD_SET_TAG = 0x9, 0x10, 0x11


def load_libcrypto():
    lib = ctypes.CDLL(ctypes.util.find_library("crypto") or "libcrypto.so.3")
    lib.EVP_get_cipherbyname.restype = ctypes.c_void_p
    lib.EVP_get_cipherbyname.argtypes = [ctypes.c_char_p]
    lib.EVP_CIPHER_CTX_new.restype = ctypes.c_void_p
    lib.EVP_CIPHER_CTX_free.argtypes = [ctypes.c_void_p]
    lib.EVP_CipherInit_ex.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                      ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
    lib.EVP_CIPHER_CTX_ctrl.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                        ctypes.c_void_p]
    lib.EVP_CIPHER_CTX_set_padding.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.EVP_CipherUpdate.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                     ctypes.POINTER(ctypes.c_int), ctypes.c_char_p, ctypes.c_int]
    lib.EVP_CipherFinal_ex.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                       ctypes.POINTER(ctypes.c_int)]
    return lib


class Refused(Exception):
    """OpenSSL rejected the inputs: the answer is `refused`."""


class Unsupported(Exception):
    """No code for these parameters: the answer is `unsupported`."""


def cipher(lib, name, key):
    if len(key) not in (16, 24, 32):
        raise Refused("key of %d bytes" % len(key))
    c = lib.EVP_get_cipherbyname(("%s-%d-%s" % (name[0], len(key) * 8, name[1])).encode())
    if not c:
        raise Unsupported("OpenSSL has no %s-%d-%s" % (name[0], len(key) * 8, name[1]))
    return c


def run_cipher(lib, c, enc, key, iv, data, pad, aead=None):
    """One EVP_Cipher* pass; aead = (aad, tag to check or None, tag length to get) for GCM."""
    ctx = lib.EVP_CIPHER_CTX_new()
    try:
        ok = lib.EVP_CipherInit_ex(ctx, c, None, None, None, enc)
        if aead is not None:
            if not iv:
                raise Refused("empty GCM IV")
            ok = ok and lib.EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, len(iv), None)
        ok = ok and lib.EVP_CipherInit_ex(ctx, None, None, key, iv or None, enc)
        if not ok:
            raise Refused("EVP_CipherInit_ex")
        lib.EVP_CIPHER_CTX_set_padding(ctx, pad)
        out = ctypes.create_string_buffer(len(data) + 32)
        n = ctypes.c_int(0)
        if aead is not None:
            aad, tag, _ = aead
            if aad and not lib.EVP_CipherUpdate(ctx, None, ctypes.byref(n), aad, len(aad)):
                raise Refused("EVP_CipherUpdate(aad)")
            if tag is not None:
                if not 1 <= len(tag) <= 16:
                    raise Refused("tag of %d bytes" % len(tag))
                lib.EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, len(tag),
                                        ctypes.create_string_buffer(tag, len(tag)))
        if not lib.EVP_CipherUpdate(ctx, out, ctypes.byref(n), data, len(data)):
            raise Refused("EVP_CipherUpdate")
        total = n.value
        if not lib.EVP_CipherFinal_ex(ctx, ctypes.byref(out, total), ctypes.byref(n)):
            raise Refused("EVP_CipherFinal_ex")
        total += n.value
        tag_out = b""
        if aead is not None and aead[1] is None:
            taglen = aead[2]
            if not 1 <= taglen <= 16:
                raise Refused("tag length %d" % taglen)
            buf = ctypes.create_string_buffer(16)
            lib.EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, taglen, buf)
            tag_out = buf.raw[:taglen]
        return out.raw[:total], tag_out
    finally:
        lib.EVP_CIPHER_CTX_free(ctx)


def answer(lib, line):
    parts = line.split(" ")
    if len(parts) != 8:
        return "error expected 8 space-separated fields, got %d" % len(parts)
    op, alg = parts[0], parts[1]
    f = {}
    for want, part in zip(FIELDS, parts[2:]):
        name, eq, value = part.partition("=")
        if name != want or not eq:
            return "error expected %s=, got %s" % (want, part)
        f[name] = value
    try:
        key, iv, aad, data, tag = (bytes.fromhex(f[k]) for k in FIELDS[:5])
        taglen = int(f["taglen"])
    except ValueError as e:
        return "error " + str(e)
    if alg not in ("aria", "aes"):
        return "error unknown cipher " + alg
    mode, _, direction = op.rpartition("-")
    try:
        if mode == "gcm" and direction in ("seal", "open"):
            c = cipher(lib, (alg, "gcm"), key)
            if direction == "seal":
                out, t = run_cipher(lib, c, 1, key, iv, data, 0, (aad, None, taglen))
            else:
                out, t = run_cipher(lib, c, 0, key, iv, data, 0, (aad, tag, 0))
            return "ok out=%s tag=%s" % (out.hex(), t.hex())
        if mode in MODES and direction in ("encrypt", "decrypt"):
            name, pad = MODES[mode]
            if alg != "aria":
                raise Unsupported("only ARIA for " + op)
            c = cipher(lib, (alg, name), key)
            if name != "ecb" and len(iv) != 16:
                raise Refused("IV of %d bytes" % len(iv))
            out, _ = run_cipher(lib, c, 1 if direction == "encrypt" else 0, key,
                                iv if name != "ecb" else b"", data, pad)
            return "ok out=%s tag=" % out.hex()
        raise Unsupported(op)
    except Refused as e:
        return "refused " + str(e)
    except Unsupported as e:
        return "unsupported " + str(e)


def main():
    lib = load_libcrypto()
    for raw in sys.stdin:
        line = raw.rstrip("\n").rstrip("\r")
        if line.startswith("hello "):
            reply = HELLO + " evp-ctypes-adapter (python, libcrypto)" if line == HELLO else (
                "error unknown protocol " + line)
        else:
            reply = answer(lib, line)
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

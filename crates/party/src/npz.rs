//! A minimal NPZ writer: a zip archive of `.npy` arrays, stored without
//! compression, written by hand (local headers, central directory, CRC-32).
//!
//! Contract: the output loads with `numpy.load`; arrays are C-ordered,
//! little-endian `u1`, `f8` or fixed-width unicode `<U{n}`. No ZIP64, so the
//! archive and each array must stay below 4 GiB (checked).

use std::io::Write;

/// One array to store.
pub enum NpyArray<'a> {
    /// Unsigned bytes with a shape.
    U8(&'a [u8], Vec<usize>),
    /// 64-bit floats with a shape.
    F64(&'a [f64], Vec<usize>),
    /// A 1-d array of strings (stored as fixed-width UTF-32).
    Str(&'a [String]),
}

fn crc32(data: &[u8], mut crc: u32) -> u32 {
    crc = !crc;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn npy_bytes(a: &NpyArray) -> Vec<u8> {
    let (descr, shape, body): (String, Vec<usize>, Vec<u8>) = match a {
        NpyArray::U8(d, s) => ("|u1".into(), s.clone(), d.to_vec()),
        NpyArray::F64(d, s) => (
            "<f8".into(),
            s.clone(),
            d.iter().flat_map(|x| x.to_le_bytes()).collect(),
        ),
        NpyArray::Str(v) => {
            let w = v
                .iter()
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
                .max(1);
            let mut body = Vec::with_capacity(v.len() * w * 4);
            for s in v.iter() {
                let n = s.chars().count();
                for c in s.chars() {
                    body.extend_from_slice(&(c as u32).to_le_bytes());
                }
                body.resize(body.len() + (w - n) * 4, 0);
            }
            (format!("<U{w}"), vec![v.len()], body)
        }
    };
    let shape_txt = match shape.len() {
        1 => format!("({},)", shape[0]),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut header =
        format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_txt}, }}");
    // Magic (6) + version (2) + length (2) + header + '\n' is padded to 64 bytes.
    let total = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - total % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + body.len());
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&body);
    out
}

/// Writes named arrays as an NPZ archive (`name` without `.npy`).
pub fn write_npz<W: Write>(mut w: W, arrays: &[(&str, NpyArray)]) -> std::io::Result<()> {
    let too_big = || std::io::Error::other("NPZ over 4 GiB is not supported");
    let mut central = Vec::new();
    let mut offset: u64 = 0;
    for (name, arr) in arrays {
        let data = npy_bytes(arr);
        let fname = format!("{name}.npy");
        let crc = crc32(&data, 0);
        let size = u32::try_from(data.len()).map_err(|_| too_big())?;
        let off = u32::try_from(offset).map_err(|_| too_big())?;
        let mut local = Vec::new();
        local.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        local.extend_from_slice(&[20, 0, 0, 0, 0, 0]); // version, flags, method = stored
        local.extend_from_slice(&[0, 0, 0x21, 0]); // time 00:00, date 1980-01-01
        local.extend_from_slice(&crc.to_le_bytes());
        local.extend_from_slice(&size.to_le_bytes());
        local.extend_from_slice(&size.to_le_bytes());
        local.extend_from_slice(&(fname.len() as u16).to_le_bytes());
        local.extend_from_slice(&0u16.to_le_bytes());
        local.extend_from_slice(fname.as_bytes());
        w.write_all(&local)?;
        w.write_all(&data)?;
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0]); // made by, needed, flags, method
        central.extend_from_slice(&[0, 0, 0x21, 0]);
        central.extend_from_slice(&crc.to_le_bytes());
        central.extend_from_slice(&size.to_le_bytes());
        central.extend_from_slice(&size.to_le_bytes());
        central.extend_from_slice(&(fname.len() as u16).to_le_bytes());
        central.extend_from_slice(&[0; 8]); // extra, comment, disk, internal attrs
        central.extend_from_slice(&0u32.to_le_bytes()); // external attrs
        central.extend_from_slice(&off.to_le_bytes());
        central.extend_from_slice(fname.as_bytes());
        offset += local.len() as u64 + data.len() as u64;
    }
    let cd_off = u32::try_from(offset).map_err(|_| too_big())?;
    w.write_all(&central)?;
    let mut end = Vec::new();
    end.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    end.extend_from_slice(&[0; 4]);
    end.extend_from_slice(&(arrays.len() as u16).to_le_bytes());
    end.extend_from_slice(&(arrays.len() as u16).to_le_bytes());
    end.extend_from_slice(&(central.len() as u32).to_le_bytes());
    end.extend_from_slice(&cd_off.to_le_bytes());
    end.extend_from_slice(&0u16.to_le_bytes());
    w.write_all(&end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789", 0), 0xCBF4_3926);
    }

    #[test]
    fn npy_header_is_64_byte_aligned_and_describes_the_array() {
        let b = npy_bytes(&NpyArray::F64(&[1.0, 2.0], vec![2]));
        let hlen = u16::from_le_bytes([b[8], b[9]]) as usize;
        assert_eq!((10 + hlen) % 64, 0);
        let h = std::str::from_utf8(&b[10..10 + hlen]).unwrap();
        assert!(h.contains("'<f8'") && h.contains("(2,)"), "{h}");
        assert_eq!(
            &b[10 + hlen..],
            [1.0f64.to_le_bytes(), 2.0f64.to_le_bytes()]
                .concat()
                .as_slice()
        );
    }
}

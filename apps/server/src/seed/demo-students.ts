import type { CompanyBundleInput } from '../modules/import/import.api.ts';

type BundleStudent = NonNullable<CompanyBundleInput['customers']>[number]['clients'][number]['students'] extends (infer S)[] | undefined ? S : never;

/** A swimmer in cap and goggles (200 × 200 JPEG), so the demo shows a real stored picture. */
const SWIMMER_PHOTO =
  'data:image/jpeg;base64,/9j/2wBDAAoKCgoKCgsMDAsPEA4QDxYUExMUFiIYGhgaGCIzICUgICUgMy03LCksNy1RQDg4QFFeT0pPXnFlZXGPiI+7u/v/2wBDAQoKCgoKCgsMDAsPEA4QDxYUExMUFiIYGhgaGCIzICUgICUgMy03LCksNy1RQDg4QFFeT0pPXnFlZXGPiI+7u/v/wgARCADIAMgDASIAAhEBAxEB/8QAGwABAAIDAQEAAAAAAAAAAAAAAAIDBAUGBwH/xAAbAQEAAgMBAQAAAAAAAAAAAAAAAgMBBAUGB//aAAwDAQACEAMQAAAA7BB3PNTQE0BNATQE0BNATQE0BNATQE0BNAVoM4mgJoCaAmgJoCaAmgJoCaAmgJoCaArVs4sVixWLFYsVixXjxtzGutjdmK1mpYrFisWKxYrFisQVixWLFYsVizUY2o5nubqTl+3DE7t1z6/l9u5/edz5hYrW8+xWLFYsViCDOJoCaAnjXaejq6oy/O/XcR0uwjqcU7qrEOKdNpJbOJ0/MbXe4O7Qdz5hNATQE0BWgymgJoCep2fU830Gt38uJ4nc63I8I9Cv0u1feJ19jrb/AAn0LY19ry3pWBV1OZVvV/PLFYsVixWIKzFisWKxZ1vHdHzupvfMPT8Xiei8B7jpeh3NSrz71DF1tjwHuek6HZoysDP0WpdoFb1fjbFYsVixWIK2VisWKxZk4SMvRJ8l1nlfY4+TqtDq73ZuQrxnqsnVbSVfzh83S+h8vYrdTk2KxYrFisQQZxNATQE0BPZapXZ3mx8yu5XZ9Hef0U3dtzGqdHmTQb3PmgJoCaAmgPtkmxo/H1KEYWsSxo5GqbeXRgNjcyq6V07JUpZzMnVIVb/7z+bTq58Lp61GKyIwnSukUMpKv5ZmynThswYOJuMWdnMQ3uDudTAZEZW0snJxHW2bzLrp0Fm7Qr0WP0rOeX3GTho5SfzX50UplTKYZIjIfCqv78t2AZAAAAAAsuxsiFP0RgAAiZzjizYAAAAAAAZBGuQhUB//xAAkEAEAAQQCAQUBAQEAAAAAAAARBAECAwUABiAQExQVFjASQP/aAAgBAQABAgBVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVvmfZWTFVVVVVVlbXLI9cUiLtVVVVVV2M3z10xVVVVWXn/jEzqqqqrs8nI0HD1izq35i/q2brEmDzWZFVVVVyRoHXufLpXla/L5P69jjKqqqrrcXOzbr7brO652bdfbdZ3XNliVVVVXW3c7hD51GF9f26Fzp8PmyuVVVVXSZuSYn5SNE5JiflI0Tm7zKqqqrEk2X8yzPXFM5ffLkqqqqq6vZ0rs9Tbm/V3ZtZqa12mzVVVVVWFtI209ZO0m7RVVVVVVccr7PJKVVVWmOmP/P+a2VxVtbr7pVZdZHu0kWzLJtla46468VaU8smTNLrXzpXFNx5K0rj9r2qWelMXx/j1wyM1+TysxWwPra6++PZkwZ/GlvrWt9Mmvv11Yvx7YdmtxwvHJG+BTF7ft0wWx/DJX++Ov8ACtf70r53f8Vvh//EADcQAAIBAgIHBgUDAwUAAAAAAAECAwARBDEQEiEyUXGRIDBAQVJhBRMUIjMjQlOBocFUcJKi0f/aAAgBAQADPwD/AGIwyb0ydb1gv5h0NYZ92dOtqv4RUukADH1eVTTH9SRj7eXYmgN45CtK5CTgKfUMvBFiYIzsG8ePt3BUiCQ7Dunh7eA+RAzDeyHM918+BWO9keY7+7RpwF9GLxf4IHccch1NYt7GWaNOV2NYcb+JkPIAVgf5p+q/+VhzuYmQcwDWLS5imjk53U1i8J+eB0HG1x1GizSJxF+/xGOxrRQIWItyA96wuHs+ItNJwO4KSNfJVA5AVh72+YKDAEEEaAoJJAFYe9vmCkkXyZSOYNYXEAvh7Qyf9DWIwONWKdCpN+RHEd/HHhUKqAX2seJ0PglCRb7EhOAtm1fEtfX+slvz2dKfGqUl31ID8DfJtD4JQkW+xITgLZtXxLX1/rJb89nSnxqlJd9SA/A3ybQkmFcsoJT7lPA9/rYKH2uOh0S68c4BKoWVva+R0SsZZSCEkIVeQzNQ+p+oqVTFKASkZKtyOR0S67zkEK5VV97ZnRq4Kb3sOp7+6SwnMHWGiLEqQ4F7WrAfM1/p4upt0qLDLZBttbRFiVIcC9rVgPma/wBPF1NulRYZbINtraLJFCMydY9+cLOkoyGY4g0siK6m6sLg6MLBLHFLMiPJugnPsYWeWSKKZHePeAOWhY1Z2NlUXJo4qd5TkchwHgBhz8mY/pE7D6TQIBBuDWH+JxgPdZF3HFfH/g/2SQ/VQDIi5pMvoZNf061fH/jH2Rw/SwHMm4rD/DIyEu0jb7mgASTYChiD8mE/pA7T6j4KfB2Xfj9J/wAVg8Ta0gVvS+w9jB4a95AzelNpqfGXXci9I/z4XERfjmkXkxFY7/UydaxEv5JpG5sT3h8zS0vAUvAUvCuBphmNCrvECkGQJpzkAKlP76l9bdalH7qcZopqE7yFf71FILqQaFMPeiOyTkO2kS3c2oubIoUcfOie4INwbGnXY/3D+9JKt0N6BpD5UvE0vvSDy0yH9tP7U/EVIPKhh12j7jkKeRizG57ckm4jHkKxJzUDman9SdTWIHpPI1PHvRtTxtrKbGlmXgwzHaVcgB2LC9CS4YAjgagfduhqdd0q1Yhc4mqf+F/+JrEtlEf67KkO+4HLbWHj/brHi3ahl3kF+I2GmjcPDJ/RqkIB1af0mn9JqQ8BSjeN+ztt4DbbubnwFj3H2nwX2jsf/8QALREAAgEDAQcCBgMBAAAAAAAAAQIDAAQRMQUSEyEwQVEQMiBCYXGBkSNAUnL/2gAIAQIBAT8A/vllX3ED70JYjpIp/I6d1ekEpEdNWoksckkn0iuJYSN1uXg6VDMs6Bl/I8dC5k4UDsNcYHpvr5riLQYHQ1YSbkwXs4x0NqNuwJ9XqKNp3xnkNTUloApKMcjsahiMrYzgDU1JaAKSjHI7GraQieL/ALXobUQtbZHysDVvKInO9oakuY1U7rZbtUNywb+RiVNSXMYQ7rZJHKrNDJcwgf6B/XPoModWVhkEYNXVs9tIVPtPtPkVnFbwoZrZ1oYVMjjDsOQ8DoyRpKpR1DCpdkKTmKUj6EUNkS55yqBVvs+CAhsFn8n4gijtWB4oop7Utuz+2ltEHuJNCGIaIKMaHVF/VGCI/KBT23jBpovxXDauGa4Q81ms0uvMcqWRPtWR5FF1HcUZh2FcZ/pQmbuBTMkg8H1z6joN8A16Laev/8QALxEAAgEDAQYEBgIDAAAAAAAAAQIDAAQRBRIhMDFBURAiQmEGExQgcYEyUkBDwf/aAAgBAwEBPwD/AD44ZpjiKJ3PZQTT2F9GMvZzqO5jYcPQvhqN40ur5SdrekX/AFqjjjiQJGioo5BRgeF/o9jqKkTRAP0kXcwrUtOm0y5aCXeOaP0YcDRbQX2p20LDKbW0/wCF30zKgyxCgdTT6jZp/tz+ATQ1SzPrYfqorq3m3JKpPbrXxTZi400zAeeBgw/B3HgfDk/015NIFy3yCF/ZFXd3I3nkYsTyFR3RLAOBg9qllES55k8qjuiWAYAA9RU19L9DdQyedGgce43cDSJAl3sn1oRVxEZFGOYpLeRmG0uB1qW3Ur5FAIqO3kLDaGBV9II7Sdj1QgfvdwEdo3V1OCpBFWl2l3EGXcw/kvY0qBwNlvN2NfJcfywo7k02yCdk7q1S9E7CKM5RDvPc8GKWSFw8bFWFRa2wAEsQPupxTa3FjywuT7kCrnUri5BXIROy/cZXPWtpu5oSOPUahMkvo3d6ES9Tmgij0itlewp7eN+hH4NPbSpvjcn2NCZ1OHWhOnvRnTsaNw3RRWKxUaKWBYZUUksWAAcVtL/YUZEHNhTXA9Ir6iT2oXD9QDUvyp1/q/Q1jwx4gYAHAkG/P2DmODJyHj//2Q==';

/**
 * parent@example.com's three swimmers at Splash (decision 019): Ella with everything the
 * student pages can show (photo, medical conditions, custom fields, skill sets with notes, a
 * certificate), Noah with the basics, and Lily, added lately, with no classes yet.
 */
export const splashParentStudents: BundleStudent[] = [
  {
    key: 'ella',
    first_name: 'Ella',
    last_name: 'Mitchell',
    dob: '2017-03-14',
    gender: 'Female',
    standard: 'Seahorse',
    reg_id: 'SPL-0412',
    same_address: true,
    medical_conditions: ['Asthma', 'Ear grommets'],
    referral_source: 'Friend or family',
    school: 'Bondi Public School',
    venue: 'bondi',
    notes: 'Uses a blue puffer before lessons; it is in her swim bag.',
    preferred_days: [2, 4],
    custom_field_values: [
      { CustomFieldID: 201, FieldValue: 'Two terms at Splash; confident in the shallow end.' },
      { CustomFieldID: 202, FieldValue: '1' },
      { CustomFieldID: 203, FieldValue: '2,3' },
      { CustomFieldID: 204, FieldValue: 'Y' },
    ],
    photo: SWIMMER_PHOTO,
    skill_sets: [
      {
        name: 'Starfish',
        notes: 'Completed all Starfish skills last term.',
        skills: [
          { name: 'Enters and exits the water safely', achieved_on: 'today-150' },
          { name: 'Blows bubbles for 5 seconds', achieved_on: 'today-140' },
          { name: 'Floats on back with support', achieved_on: 'today-120' },
        ],
      },
      {
        name: 'Seahorse',
        notes: 'Kicking is strong; working on rotating to breathe.',
        skills: [
          { name: 'Floats on back unaided for 10 seconds', achieved_on: 'today-30' },
          { name: 'Freestyle kick 10 metres', achieved_on: 'today-12' },
          { name: 'Side breathing' },
          { name: 'Treads water for 30 seconds' },
        ],
      },
    ],
    certificates: [{ name: 'Starfish level complete', issued_on: 'today-100', description: 'Awarded for completing every Starfish skill.' }],
  },
  {
    key: 'noah',
    first_name: 'Noah',
    last_name: 'Mitchell',
    dob: '2019-09-02',
    gender: 'Male',
    standard: 'Starfish',
    same_address: true,
    preferred_days: [6],
    skill_sets: [{ name: 'Starfish', skills: [{ name: 'Enters and exits the water safely', achieved_on: 'today-40' }, { name: 'Blows bubbles for 5 seconds' }] }],
  },
  { key: 'lily', first_name: 'Lily', last_name: 'Mitchell', dob: '2022-01-20', gender: 'Female', same_address: true },
];

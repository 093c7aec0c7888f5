"""Messages of the club's events: tournaments, the poker evening and their records."""

from __future__ import annotations

IT: dict[str, str] = {
    "club.record.at": "riga {line}: «{text}»: {reason}",
    "club.record.empty": "Il file del torneo o della serata è vuoto.",
    "club.record.too_long": "Il file ha più di {limit} righe: non è un registro del circolo.",
    "club.record.bad_header": "Riga d'intestazione non valida: attesa «Nome: valore».",
    "club.record.bad_option": "Opzione non valida: attesa «Option: nome=valore».",
    "club.record.repeated_option": "L'opzione «{name}» è già stata data alla riga {first}.",
    "club.record.repeated_tag": "L'intestazione «{tag}» è già stata data alla riga {first}.",
    "club.record.no_kind": "Manca la riga «Club:» che dice che cosa è registrato ({kinds}).",
    "club.record.unknown_kind": "«Club: {kind}» non è un evento del circolo: si scrive uno tra {kinds}.",
    "club.record.no_game": "Manca la riga «Game:» che dice a quale gioco si riferisce.",
    "club.record.bad_tag_key": "Nome d'intestazione non scrivibile: «{tag}».",
    "club.record.bad_tag_value": "Valore d'intestazione non scrivibile per «{tag}»: niente a capo né spazi iniziali o finali.",
    "club.record.open_quote": "Virgolette aperte e mai chiuse.",
    "club.record.after_quote": "Dopo le virgolette di chiusura ci vuole uno spazio.",
    "club.record.stray_quote": "Virgolette o barra rovesciata in mezzo a una parola: racchiudi la parola tra virgolette.",
    "club.record.empty_entry": "Riga vuota dove si attendeva una registrazione.",
}

EN: dict[str, str] = {
    "club.record.at": "line {line}: “{text}”: {reason}",
    "club.record.empty": "The tournament or evening file is empty.",
    "club.record.too_long": "The file has more than {limit} lines: it is not a club record.",
    "club.record.bad_header": "Invalid header line: expected “Name: value”.",
    "club.record.bad_option": "Invalid option: expected “Option: name=value”.",
    "club.record.repeated_option": "The option “{name}” was already given on line {first}.",
    "club.record.repeated_tag": "The header “{tag}” was already given on line {first}.",
    "club.record.no_kind": "The “Club:” line saying what is recorded is missing ({kinds}).",
    "club.record.unknown_kind": "“Club: {kind}” is not a club event: write one of {kinds}.",
    "club.record.no_game": "The “Game:” line saying which game it is about is missing.",
    "club.record.bad_tag_key": "A header name that cannot be written: “{tag}”.",
    "club.record.bad_tag_value": "A header value that cannot be written for “{tag}”: no line breaks, no leading or trailing blanks.",
    "club.record.open_quote": "A double quote opened and never closed.",
    "club.record.after_quote": "A closing double quote must be followed by a blank.",
    "club.record.stray_quote": "A double quote or backslash inside a word: put the word in double quotes.",
    "club.record.empty_entry": "An empty line where an entry was expected.",
}

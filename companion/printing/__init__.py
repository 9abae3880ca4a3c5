"""Paper: Qt painting of sheets, cards and table aids onto PDF writers and printers.

The layer between the GUI (and the commands) and the rules: it paints with ``QPainter``
on paged devices and needs a ``QGuiApplication`` (``headless.ensure_application`` makes
an offscreen one) but no widget, so the window and the ``sheets`` command print the same
pages.  The core here is ruleset-neutral: the PDF writer and page loop (``pdf``,
``document``), millimetre drawing (``paper``), the bundled fonts (``fonts``), the sides'
colours (``colours``) and any roster's ``SheetView`` sheets and cards (``roster``).  A
ruleset whose sheets are its own (BrickQuest's brick sheets) has a printing part in
``companion/printing/rulesets/<id>/``, found by name through ``companion.printing.rulesets``.
"""

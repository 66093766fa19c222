// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QDialog;
class QInputDialog;
class QWidget;

// How the actions open their dialogs: window-modal (other windows stay usable), with open(),
// never exec(), so the GUI thread keeps running, and deleted once closed. The caller connects
// to the dialog's signals before or after open(): nothing blocks in between.
namespace WindowModal {

void open(QDialog *dialog);
// An input dialog named `objectName` (tests and screen readers find it by that), not open yet.
QInputDialog *input(QWidget *parent, const QString &objectName, const QString &title, const QString &label);

} // namespace WindowModal

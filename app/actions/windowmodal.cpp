// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowmodal.h"

#include <QInputDialog>

namespace WindowModal {

void open(QDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->open();
}

QInputDialog *input(QWidget *parent, const QString &objectName, const QString &title, const QString &label)
{
    auto *dialog = new QInputDialog(parent);
    dialog->setObjectName(objectName);
    dialog->setWindowTitle(title);
    dialog->setLabelText(label);
    return dialog;
}

} // namespace WindowModal

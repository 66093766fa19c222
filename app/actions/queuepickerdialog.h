// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class ServerReads;

// Where to move jobs: an existing queue picked from the list (read when the dialog opens), or a
// new name typed in. OK stays disabled while the name is empty.
class QueuePickerDialog final : public QDialog
{
    Q_OBJECT

public:
    QueuePickerDialog(ServerReads *reads, const QString &question, QWidget *parent = nullptr);

    QString queue() const;
    QComboBox *queueBox() const { return m_queues; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void updateButtons();

    QLabel *m_question;
    QComboBox *m_queues;
    QLabel *m_note;
    QDialogButtonBox *m_buttons;
};

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

// Asks for a note to write into a job's history (qless's `log`): a message and, optionally, data
// as a JSON object. The data is checked as it is typed; Save stays disabled (and says why) until
// the message is there and the data is empty or an object. Only an object: qless reads a log
// entry's data back as the entry's fields, so anything else would break reading the history.
class JobNoteDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit JobNoteDialog(const QByteArray &jid, QWidget *parent = nullptr);

    QString message() const;
    // Compact JSON of the data, or empty for none.
    QString dataJson() const;
    // Why the note cannot be saved as typed; empty when it can.
    static QString problem(const QString &message, const QString &data);

    QLineEdit *messageEdit() const { return m_message; }
    QPlainTextEdit *dataEdit() const { return m_data; }
    QLabel *problemLabel() const { return m_problem; }
    QPushButton *saveButton() const { return m_save; }

private:
    void check();

    QLineEdit *m_message;
    QPlainTextEdit *m_data;
    QLabel *m_problem;
    QPushButton *m_save;
};
